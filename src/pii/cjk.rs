//! Names in scripts without case or spaces between words: Chinese,
//! Japanese and Korean names found by what is said around them — a
//! self-introduction (`我叫王秀英`, `担当の佐藤です`, `상담사 김민준입니다`),
//! a role before them (`客服李娜`), an honorific after them (`王伟先生`,
//! `山田太郎様`, `이수진 씨`), a sign-off (`김민준 드림`), or a Latin
//! greeting (`Hi 恵子,`).
//!
//! The free-text scanner reads words; a Han run such as `我叫王秀英` is one
//! word to it, so the name inside is found here instead. Every rule needs
//! a cue on one side and a boundary on the other; Chinese and Korean names
//! must also start with a frequent surname.

use super::names::{HAN_SURNAMES, HANGUL_SURNAMES, normalize};
use super::{Class, Detector, Finding};
use aho_corasick::AhoCorasick;
use std::sync::LazyLock;

/// Traditional forms of frequent Chinese surnames (Taiwan, Hong Kong) and
/// more of the Hundred Family Surnames beyond `HAN_SURNAMES`. Surnames
/// that start frequent words (项目, 费用, 颜色, 申请, 柏林, 穆斯林) are
/// left out: a lone word of their shape would be read as a name.
const HAN_SURNAMES_MORE: &str = "陳張劉黃趙吳鄭謝許韓馮鄧蕭葉蘇盧鍾譚陸賈鄒龍賀顧龔錢嚴湯楊孫羅梁宋唐曾蔣餘杜程魏呂丁沈姚崔範廖鄔閻聶\
    窦竇葛奚郎苗俞柳鲍鮑岑倪滕殷邬傅卞伍卜萧湛祁禹狄臧屈阮闵閔娄婁梅刁樊虞柯裴翁荀甄芮靳巫栾欒詹蒲邰鄂蔺藺翟姬冉桑濮扈冀晏瞿阎茹庾耿匡寇晁敖阚闞饶饒蒯荆荊竺逯邢糜韶郜嵇谭譚";

/// Two-character Chinese surnames.
pub(crate) const HAN_COMPOUND: [&str; 10] = [
    "欧阳", "歐陽", "司马", "司馬", "诸葛", "諸葛", "上官", "慕容", "东方", "令狐",
];

pub(crate) fn is_han(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
        || ('\u{3400}'..='\u{4dbf}').contains(&c)
        || ('\u{f900}'..='\u{faff}').contains(&c)
}

pub(crate) fn is_hangul(c: char) -> bool {
    ('\u{ac00}'..='\u{d7a3}').contains(&c)
}

/// Katakana, the long-vowel mark and the middle dot of foreign names
/// (`ジョン・スミス`).
fn is_katakana(c: char) -> bool {
    ('\u{30a1}'..='\u{30fa}').contains(&c) || c == 'ー' || c == '・'
}

pub(crate) fn zh_surname(c: char) -> bool {
    HAN_SURNAMES.contains(c) || HAN_SURNAMES_MORE.contains(c)
}

/// Words before a Chinese name: introductions, roles, greetings, verbs of
/// contact.
const ZH_BEFORE: [&str; 61] = [
    "我叫",
    "我是",
    "我姓",
    "名叫",
    "叫做",
    "本人",
    "名字是",
    "名字叫",
    "联系人",
    "聯絡人",
    "联络人",
    "客服",
    "专员",
    "專員",
    "顾问",
    "顧問",
    "经理",
    "經理",
    "负责人",
    "負責人",
    "工程师",
    "工程師",
    "医生",
    "醫生",
    "护士",
    "護士",
    "老师",
    "老師",
    "主管",
    "同事",
    "律师",
    "律師",
    "司机",
    "司機",
    "快递员",
    "收件人",
    "寄件人",
    "发件人",
    "發件人",
    "署名",
    "尊敬的",
    "亲爱的",
    "親愛的",
    "感谢",
    "感謝",
    "谢谢",
    "謝謝",
    "联系",
    "聯繫",
    "联络",
    "请",
    "請",
    "致",
    "转告",
    "轉告",
    "交给",
    "交給",
    "问候",
    "与",
    "與",
    "跟",
];

/// Words for "with" among [`ZH_BEFORE`]: a name after them only before
/// one of [`ZH_MEET`].
const ZH_WITH: [&str; 3] = ["与", "與", "跟"];

/// Meeting, talking and working together, after `与 <name>`.
const ZH_MEET: [&str; 17] = [
    "开会", "開會", "见面", "見面", "会面", "會面", "通话", "通話", "沟通", "溝通", "讨论", "討論",
    "面谈", "面談", "联系", "聯繫", "一起",
];

/// Words that may follow a Chinese name directly.
const ZH_AFTER: [&str; 44] = [
    "先生",
    "女士",
    "小姐",
    "同学",
    "同學",
    "老师",
    "老師",
    "经理",
    "經理",
    "总监",
    "總監",
    "主任",
    "教授",
    "医生",
    "醫生",
    "律师",
    "律師",
    "的",
    "为您",
    "為您",
    "很高兴",
    "很高興",
    "在",
    "给",
    "給",
    "来",
    "來",
    "负责",
    "負責",
    "这边",
    "這邊",
    "是",
    "也",
    "和",
    "跟",
    "说",
    "說",
    "已",
    "将",
    "將",
    "会",
    "會",
    "今天",
    "明天",
];

/// Honorifics after a Chinese name.
const ZH_HONORIFIC: [&str; 17] = [
    "先生", "女士", "小姐", "同学", "同學", "老师", "老師", "经理", "經理", "总监", "總監", "主任",
    "教授", "医生", "醫生", "律师", "律師",
];

/// Honorifics a lone Chinese surname takes (`王先生`, `李女士`,
/// `張小姐`).
const ZH_SURNAME_HONORIFIC: [&str; 5] = ["先生", "女士", "小姐", "太太", "夫人"];

/// Honorifics of Chinese, Japanese and Korean glued to a name in Latin
/// letters (`Dimitrov先生`, `Yasin女士`, `Silva様`, `Ragna님`,
/// `Nkosazana Dube님이`).
const LATIN_HONORIFICS: [&str; 10] = [
    "先生", "女士", "小姐", "太太", "様", "さん", "さま", "氏", "님", "씨",
];

/// Who reported or explained, in Japanese minutes (`Maameriより報告`).
const JA_REPORTED_BY: [&str; 6] = [
    "より報告",
    "より説明",
    "より連絡",
    "より共有",
    "から報告",
    "から連絡",
];

/// A name in Latin letters right after a Chinese cue (`请联系Chisomo
/// Chirwa，电话…`): one to three capitalized words, none an ordinary word,
/// and no Latin letter or digit after them; the end of the name.
fn latin_name_after(text: &str, p: usize) -> Option<usize> {
    let mut end = p;
    for n in 0..3 {
        let from = if n == 0 {
            p
        } else {
            match text[end..].strip_prefix(' ') {
                Some(r) if r.starts_with(char::is_uppercase) => end + 1,
                _ => break,
            }
        };
        let len = text[from..]
            .char_indices()
            .find(|&(_, c)| !latin_name_char(c))
            .map_or(text.len() - from, |(i, _)| i);
        let word = &text[from..from + len];
        let ok = word.chars().next().is_some_and(char::is_uppercase)
            && word.chars().any(char::is_lowercase)
            && word.chars().count() >= 2
            && !super::lexicon::word_info(&super::names::fold(word)).common_only();
        if !ok {
            if n == 0 {
                return None;
            }
            break;
        }
        end = from + len;
    }
    let after = text[end..].chars().next();
    after
        .is_none_or(|c| !(c.is_alphanumeric() && (c.is_ascii() || latin_name_char(c))))
        .then_some(end)
}

/// Names in Latin letters with a CJK honorific glued on: one or two
/// capitalized words (not ordinary words, not titles), the honorific right
/// after them, and no Latin letter or digit before them.
fn latin_before_honorific(text: &str, found: &mut Vec<(usize, usize)>) {
    for h in LATIN_HONORIFICS.iter().chain(&JA_REPORTED_BY) {
        for at in memchr::memmem::find_iter(text.as_bytes(), h.as_bytes()) {
            if let Some(start) = latin_name_before(text, at) {
                found.push((start, at));
            }
        }
    }
    // A Japanese letter's writer introducing themselves: a given name and
    // a surname in Latin letters after `の` (of their company) or `私は`,
    // before `です` or `と申します` (`PetrobrasのYaw Agyemanです`). (Not
    // after any `は`: `勤務地はSan Joseです` says where one works.)
    for h in ["です", "と申します"] {
        for at in memchr::memmem::find_iter(text.as_bytes(), h.as_bytes()) {
            if let Some(start) = latin_name_before(text, at)
                && text[start..at].contains(' ')
                && ["の", "私は", "わたくしは", "わたしは"]
                    .iter()
                    .any(|c| text[..start].ends_with(c))
            {
                found.push((start, at));
            }
        }
    }
}

/// Foreign names written in katakana, their parts joined by a middle dot
/// (`イザベラ・ウィルソン`), on a line with no other Japanese: in text of
/// another language, such a run is a person's name. (In Japanese prose
/// loanwords are joined so too: `ワールド・カップ`.)
fn katakana_names(text: &str, found: &mut Vec<(usize, usize)>) {
    // Each run is read once, from its first dot.
    let mut read_to = 0;
    for dot in memchr::memmem::find_iter(text.as_bytes(), "・".as_bytes()) {
        if dot < read_to {
            continue;
        }
        let (s, e) = (
            text[..dot]
                .char_indices()
                .rev()
                .take_while(|&(_, c)| is_katakana(c) || c == '・')
                .last()
                .map_or(dot, |(i, _)| i),
            dot + text[dot..]
                .char_indices()
                .take_while(|&(_, c)| is_katakana(c) || c == '・')
                .last()
                .map_or(0, |(i, c)| i + c.len_utf8()),
        );
        read_to = e;
        if e - s > 120 || found.iter().any(|&(a, b)| a <= s && e <= b) {
            continue;
        }
        let line_start = text[..s].rfind('\n').map_or(0, |p| p + 1);
        let line_end = text[e..].find('\n').map_or(text.len(), |p| e + p);
        // (A date's `年`, `月`, `日` are no Japanese prose, nor is the
        // name again in an address: `マイケル.ミラー@…`.)
        let other_japanese = [&text[line_start..s], &text[e..line_end]]
            .iter()
            .flat_map(|t| t.split([' ', ',', '\t', '<', '>', '(', ')']))
            .filter(|tok| !tok.contains('@'))
            .flat_map(str::chars)
            .any(|c| is_katakana(c) || is_hiragana(c) || (is_han(c) && !"年月日時分".contains(c)));
        let parts: Vec<&str> = text[s..e].split('・').collect();
        if !other_japanese
            && (2..=4).contains(&parts.len())
            && parts.iter().all(|p| p.chars().count() >= 2)
        {
            found.push((s, e));
        }
    }
}

/// A Latin letter, or a hyphen or an apostrophe inside a name.
fn latin_name_char(c: char) -> bool {
    (c.is_alphabetic() && super::names::latin_char(c)) || matches!(c, '-' | '\'' | '’')
}

/// The start of a capitalized Latin word ending at `end` that could be a
/// name, or `None`.
fn latin_word_before(text: &str, end: usize) -> Option<usize> {
    let start = text[..end]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| latin_name_char(c))
        .last()?
        .0;
    let word = &text[start..end];
    let mut chars = word.chars();
    let first = chars.next()?;
    if !first.is_uppercase()
        || !word.chars().any(char::is_lowercase)
        || word.chars().count() < 2
        || word.ends_with(['-', '\'', '’'])
    {
        return None;
    }
    let folded = super::names::fold(word);
    if super::lexicon::word_info(&folded).common_only()
        || super::names::TITLES
            .iter()
            .any(|t| t.eq_ignore_ascii_case(word))
    {
        return None;
    }
    Some(start)
}

fn latin_name_before(text: &str, at: usize) -> Option<usize> {
    let mut start = latin_word_before(text, at)?;
    // A given name before the surname, after one space.
    if let Some(b) = text[..start].strip_suffix(' ')
        && let Some(s) = latin_word_before(text, b.len())
    {
        start = s;
    }
    let boundary = text[..start]
        .chars()
        .next_back()
        .is_none_or(|c| !(c.is_alphanumeric() && (c.is_ascii() || latin_name_char(c))));
    boundary.then_some(start)
}

/// Words before a Japanese name.
const JA_BEFORE: [&str; 22] = [
    "担当の",
    "担当は",
    "担当者の",
    "担当者は",
    "担当：",
    "担当:",
    "担当者：",
    "担当者:",
    "担当医の",
    "受付の",
    "営業の",
    "氏名：",
    "氏名:",
    "名前：",
    "名前:",
    "お名前：",
    "宛先：",
    "差出人：",
    "送信者：",
    "担当医：",
    "私は",
    "わたくし",
];

/// Japanese honorifics and self-introductions after a name. `です` and
/// `と申します` count only after a word of `JA_BEFORE` or at a line's
/// start; `より` (a letter's sign-off) only at the end of a line.
const JA_AFTER: [&str; 10] = [
    "様",
    "さま",
    "さん",
    "殿",
    "先生",
    "氏",
    "くん",
    "と申します",
    "と申し",
    "と言います",
];

/// Han or katakana words that take an honorific but are not names.
const JA_NOT_NAMES: [&str; 54] = [
    "学生",
    "先生",
    "你好",
    "您好",
    "大家",
    "各位",
    "担当者",
    "担当",
    "会員",
    "利用者",
    "関係者",
    "各位",
    "患者",
    "社員",
    "購入者",
    "申込者",
    "代表者",
    "保護者",
    "応募者",
    "管理者",
    "責任者",
    "契約者",
    "加入者",
    "受講者",
    "参加者",
    "出席者",
    "来場者",
    "皆",
    "客",
    "神",
    "仏",
    "王",
    "本日",
    "今日",
    "明日",
    "弊社",
    "御社",
    "貴社",
    "当社",
    "同社",
    "取引先",
    "得意先",
    "ユーザー",
    "メンバー",
    "ゲスト",
    "オーナー",
    "カスタマー",
    "ドライバー",
    "スタッフ",
    "オペレーター",
    "サポート",
    "クライアント",
    "パートナー",
    "お客",
];

/// Last characters of Japanese organization and place words (`商事`,
/// `銀行`, `営業部`, `病院`).
const JA_ORG_ENDS: &str =
    "社店部課局省庁院校会所館署室科組団屋堂業行事係班協県市町村区都府道手員師者";

/// Korean words before a name: a role or a label. `KO_SELF_CUES` come
/// before a self-introduction only (`저는 박지훈입니다`).
const KO_SELF_CUES: [&str; 3] = ["저는", "이름은", "성함은"];
const KO_BEFORE: [&str; 21] = [
    "상담사",
    "상담원",
    "담당자",
    "담당",
    "매니저",
    "간호사",
    "의사",
    "기사",
    "고객명",
    "성함",
    "이름",
    "작성자",
    "보낸사람",
    "받는사람",
    "참석자",
    "신청자",
    "예약자",
    "수신자",
    "발신자",
    "환자",
    "고객",
];

/// Korean words after a name: titles, honorifics, sign-offs.
const KO_AFTER: [&str; 31] = [
    // A school's letter to a pupil's parents or guardian (`정하은
    // 학부모님께`).
    "학부모님께",
    "학부모님",
    "보호자님",
    "어머님",
    "아버님",
    "드림",
    "올림",
    "배상",
    "과장",
    "과장님",
    "부장",
    "부장님",
    "대리",
    "대리님",
    "팀장",
    "팀장님",
    "사장님",
    "실장님",
    "차장님",
    "선생님",
    "교수님",
    "고객님",
    "님",
    "씨",
    "기사님",
    "상담사",
    "매니저",
    "매니저님",
    "원장님",
    "대표님",
    "주임님",
];

/// Endings glued to a Korean name. Those of `KO_SELF` say who the
/// speaker is and need a cue before the name; the others are honorifics.
const KO_HONORIFIC_ENDINGS: [&str; 12] = [
    "님께서",
    "님께",
    "님이",
    "님은",
    "님의",
    "님을",
    "님",
    "씨가",
    "씨는",
    "씨의",
    "씨를",
    "씨",
];
const KO_SELF: [&str; 7] = [
    "입니다",
    "이라고",
    "라고",
    "이에요",
    "예요",
    "이고요",
    "입니다만",
];
/// Particles after a name that follows a cue (`상담사 김민준이 안내`).
const KO_PARTICLES: [&str; 8] = ["에게", "께서", "이", "가", "은", "는", "의", "을"];

/// Hangul words with a surname's first syllable that take honorifics but
/// are not names (`고객님`, `선생님`, `이사님`).
const KO_NOT_NAMES: [&str; 37] = [
    "고객",
    "회원",
    "선생",
    "원장",
    "기사",
    "반장",
    "위원",
    "이사",
    "전무",
    "상무",
    "부장",
    "과장",
    "대리",
    "사장",
    "실장",
    "교수",
    "간호",
    "방문자",
    "사용자",
    "관리자",
    "담당자",
    "여러분",
    "고객센터",
    "문의",
    "안내",
    "주문",
    "배송지",
    "배송중",
    "주문서",
    "주소지",
    "이메일",
    "전화번호",
    "연락처",
    "신청서",
    "정보",
    "서비스",
    "고객님",
];

const LATIN_GREETINGS: [&str; 10] = [
    "Hi ",
    "Hello ",
    "Dear ",
    "Hey ",
    "Thanks ",
    "Thank you ",
    "Thanks, ",
    "Thank you, ",
    "Regards, ",
    "Cheers, ",
];

/// Which list a cue word comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cue {
    ZhBefore,
    ZhHonorific,
    JaAfter,
    JaBefore,
    /// `より` closing a Japanese letter.
    Yori,
    LatinGreeting,
}

/// Every cue word of every list, found in one pass over a text.
static CUES: LazyLock<(AhoCorasick, Vec<(Cue, &'static str)>)> = LazyLock::new(|| {
    let lists: [(Cue, &[&'static str]); 6] = [
        (Cue::ZhBefore, &ZH_BEFORE),
        (Cue::ZhHonorific, &ZH_HONORIFIC),
        (Cue::JaAfter, &JA_AFTER),
        (Cue::JaBefore, &JA_BEFORE),
        (Cue::Yori, &["より"]),
        (Cue::LatinGreeting, &LATIN_GREETINGS),
    ];
    let cues: Vec<(Cue, &'static str)> = lists
        .iter()
        .flat_map(|&(kind, words)| words.iter().map(move |&w| (kind, w)))
        .collect();
    let matcher = AhoCorasick::new(cues.iter().map(|&(_, w)| w)).expect("cue words");
    (matcher, cues)
});

/// Where each cue word occurs in a text: every occurrence of every word,
/// overlapping ones included, by start.
struct Hits(Vec<(Cue, usize, &'static str)>);

impl Hits {
    fn find(text: &str) -> Hits {
        let (matcher, cues) = &*CUES;
        let mut hits: Vec<(Cue, usize, &'static str)> = matcher
            .find_overlapping_iter(text)
            .map(|m| {
                let (kind, word) = cues[m.pattern().as_usize()];
                (kind, m.start(), word)
            })
            .collect();
        hits.sort_by_key(|&(_, at, _)| at);
        Hits(hits)
    }

    /// The occurrences of the words of one list: (start, word).
    fn of(&self, kind: Cue) -> impl Iterator<Item = (usize, &'static str)> + '_ {
        self.0
            .iter()
            .filter(move |h| h.0 == kind)
            .map(|&(_, at, w)| (at, w))
    }
}

/// Appends the names cued in `text`.
pub fn cued(text: &str, out: &mut Vec<Finding>) {
    // Han, kana and Hangul are three bytes in UTF-8, led by 0xE3..=0xED
    // (0xEF for compatibility ideographs).
    if !text
        .bytes()
        .any(|b| (0xe3..=0xed).contains(&b) || b == 0xef)
    {
        return;
    }
    let hits = Hits::find(text);
    let mut found: Vec<(usize, usize)> = Vec::new();
    chinese(text, &hits, &mut found);
    japanese(text, &hits, &mut found);
    korean(text, &mut found);
    latin_greeting(text, &hits, &mut found);
    latin_before_honorific(text, &mut found);
    katakana_names(text, &mut found);
    alias_in_parentheses(text, &mut found);
    found.sort_unstable();
    found.dedup();
    for (start, end) in found {
        if out.iter().any(|f| f.start < end && start < f.end) {
            continue;
        }
        out.push(Finding {
            class: Class::Name,
            start,
            end,
            detector: Detector::NameContext,
            confidence: 0.8,
            normalized: normalize(&text[start..end]),
        });
    }
}

fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// The byte offset `n` characters after `at`, if all of them satisfy `f`.
fn take(text: &str, at: usize, n: usize, f: impl Fn(char) -> bool) -> Option<usize> {
    let mut end = at;
    let mut it = text[at..].chars();
    for _ in 0..n {
        let c = it.next()?;
        if !f(c) {
            return None;
        }
        end += c.len_utf8();
    }
    Some(end)
}

/// A Chinese name starting at `at` (after a cue): a surname and one or two
/// characters, then a boundary (punctuation, another script, the end) or a
/// word of `ZH_AFTER`.
/// The length in characters of the Chinese surname that starts `rest`:
/// two for a compound (`欧阳`), one for a frequent single one.
pub(crate) fn zh_surname_len(rest: &str) -> Option<usize> {
    if HAN_COMPOUND.iter().any(|c| rest.starts_with(c)) {
        Some(2)
    } else {
        rest.chars().next().filter(|&c| zh_surname(c)).map(|_| 1)
    }
}

fn zh_name_at(text: &str, at: usize) -> Option<usize> {
    let surname = zh_surname_len(&text[at..])?;
    let lengths = [surname + 1, surname + 2];
    // A word that may follow a name decides first, shortest name first
    // ("李娜很高兴"); then a boundary, longest name first ("王秀英，").
    for n in lengths {
        if let Some(end) = take(text, at, n, is_han)
            && ZH_AFTER.iter().any(|a| text[end..].starts_with(a))
        {
            return Some(end);
        }
    }
    for n in lengths.into_iter().rev() {
        if let Some(end) = take(text, at, n, is_han)
            && !text[end..].chars().next().is_some_and(is_han)
        {
            return Some(end);
        }
    }
    None
}

fn chinese(text: &str, hits: &Hits, found: &mut Vec<(usize, usize)>) {
    for (at, cue) in hits.of(Cue::ZhBefore) {
        let mut p = at + cue.len();
        // "与黃冠宇开会": with whom one meets or talks, only before the
        // meeting word (与 and 跟 begin many other words).
        if ZH_WITH.contains(&cue) {
            let Some(surname) = zh_surname_len(&text[p..]) else {
                continue;
            };
            if let Some(end) = [surname + 1, surname + 2]
                .into_iter()
                .filter_map(|n| take(text, p, n, is_han))
                .find(|&end| ZH_MEET.iter().any(|m| text[end..].starts_with(m)))
            {
                found.push((p, end));
            }
            continue;
        }
        // "我是客服李娜": a role after the introduction.
        for _ in 0..2 {
            p += text[p..].len() - text[p..].trim_start_matches([':', '：', ' ', '　']).len();
            match ZH_BEFORE.iter().find(|c| text[p..].starts_with(*c)) {
                Some(c) if char_len(c) >= 2 => p += c.len(),
                _ => break,
            }
        }
        if let Some(end) = zh_name_at(text, p).or_else(|| latin_name_after(text, p)) {
            found.push((p, end));
        }
    }
    // "感谢王伟先生": the name before an honorific, after a cue or
    // standing alone.
    for (at, _) in hits.of(Cue::ZhHonorific) {
        let before = &text[..at];
        let run: Vec<(usize, char)> = before
            .char_indices()
            .rev()
            .take_while(|&(_, c)| is_han(c))
            .take(6)
            .collect();
        // "張小姐請您回電", "周先生您好": a surname alone, the honorific
        // the whole of how the person is called.
        if run.len() == 1
            && zh_surname(run[0].1)
            && ZH_SURNAME_HONORIFIC
                .iter()
                .any(|h| text[at..].starts_with(h))
        {
            found.push((run[0].0, at));
            continue;
        }
        for n in [3usize, 2] {
            if run.len() < n {
                continue;
            }
            let start = run[n - 1].0;
            let head = &before[..start];
            let alone = run.len() == n
                || (run.len() > n
                    && ZH_BEFORE
                        .iter()
                        .any(|c| char_len(c) >= 2 && head.ends_with(c)));
            let c0 = run[n - 1].1;
            let compound = HAN_COMPOUND.iter().any(|c| before[start..].starts_with(c));
            if alone && (zh_surname(c0) || compound) {
                found.push((start, at));
                break;
            }
        }
    }
}

/// A Japanese name ending at `end`: a run of two to four kanji (or two to
/// eight katakana), with a surname of one to three kanji before it after
/// a space (`山田 太郎`).
/// A hiragana letter (a given name may be written in it: `さくら`).
fn is_hiragana(c: char) -> bool {
    ('\u{3041}'..='\u{3096}').contains(&c)
}

/// A name ending in a given name of two to four hiragana before `end`:
/// after a family name of one to three Han characters (`吉田さくら`,
/// `吉田 さくら`), or after a family name in hiragana and a space at the
/// start of a line or field (`やまもと ひなた`). Hiragana alone is the
/// grammar's script, so a run without a family name before it is none.
fn ja_hiragana_name_before(text: &str, end: usize) -> Option<usize> {
    let before = &text[..end];
    let (g_start, n) = run_before(before, is_hiragana, 5);
    // A particle opens a phrase, not a name (`東京のみなさん`).
    if !(2..=4).contains(&n)
        || before[g_start..].starts_with(|c| "のはがをにともへでや".contains(c))
    {
        return None;
    }
    let head = &before[..g_start];
    let spaced = head.strip_suffix([' ', '\u{3000}']);
    let (f_start, n) = run_before(spaced.unwrap_or(head), is_han, 4);
    if (1..=3).contains(&n) {
        return Some(f_start);
    }
    let spaced = spaced?;
    let (f_start, n) = run_before(spaced, is_hiragana, 6);
    let opens = text[..f_start]
        .chars()
        .next_back()
        .is_none_or(|c| !(c.is_alphanumeric() || is_mark_like(c)));
    ((2..=5).contains(&n) && opens).then_some(f_start)
}

/// The run of characters `f` accepts at the end of `s`, at most `max` of
/// them (and one more, so a longer run shows as `max`): where it starts
/// and how many characters it has.
fn run_before(s: &str, f: fn(char) -> bool, max: usize) -> (usize, usize) {
    let mut start = s.len();
    let mut n = 0;
    for (i, c) in s.char_indices().rev() {
        if n == max || !f(c) {
            break;
        }
        start = i;
        n += 1;
    }
    (start, n)
}

/// A combining mark or a prolonged-sound mark (part of a word).
fn is_mark_like(c: char) -> bool {
    c == 'ー' || super::names::is_mark(c)
}

fn ja_name_before(text: &str, end: usize) -> Option<usize> {
    let before = &text[..end];
    let last = before.chars().next_back()?;
    if is_hiragana(last) {
        return ja_hiragana_name_before(text, end);
    }
    let kana = is_katakana(last);
    let script: fn(char) -> bool = if kana { is_katakana } else { is_han };
    let (max, min) = if kana { (12, 2) } else { (4, 2) };
    let run: Vec<(usize, char)> = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| script(c))
        .take(max + 1)
        .collect();
    if run.is_empty() || run.len() > max {
        return None;
    }
    let mut start = run[run.len() - 1].0;
    // "山田 太郎様": a family name before a space.
    let head = &before[..start];
    let spaced = head.strip_suffix([' ', '\u{3000}']);
    if let Some(h) = spaced {
        let fam: Vec<(usize, char)> = h
            .char_indices()
            .rev()
            .take_while(|&(_, c)| script(c))
            .take(4)
            .collect();
        if (1..=3).contains(&fam.len())
            && !h[..fam[fam.len() - 1].0]
                .chars()
                .next_back()
                .is_some_and(script)
            && !kana
        {
            start = fam[fam.len() - 1].0;
        }
    }
    let name = &text[start..end];
    let n = if start == run[run.len() - 1].0 {
        run.len()
    } else {
        char_len(name) - 1
    };
    if n < min
        || JA_NOT_NAMES.contains(&name)
        || JA_NOT_NAMES.iter().any(|w| name.ends_with(w))
        || (!kana
            && name
                .chars()
                .next_back()
                .is_some_and(|c| JA_ORG_ENDS.contains(c)))
    {
        return None;
    }
    Some(start)
}

fn japanese(text: &str, hits: &Hits, found: &mut Vec<(usize, usize)>) {
    // Without kana the text is Chinese but for `様`, which Chinese does not
    // write (it writes `样`); "这位先生" is no name.
    let kana = text.chars().any(|c| ('\u{3041}'..='\u{30ff}').contains(&c));
    for (at, cue) in hits.of(Cue::JaAfter) {
        if !kana && cue != "様" {
            continue;
        }
        // "山田 健一 様": the honorific may stand a space apart.
        let at = text[..at]
            .strip_suffix([' ', '\u{3000}'])
            .filter(|h| !h.ends_with([' ', '\u{3000}']))
            .map_or(at, str::len);
        // "お客様", "皆さん": a kana prefix makes a word, not a name.
        if let Some(start) = ja_name_before(text, at) {
            if text[..start].ends_with(['お', 'ご']) {
                continue;
            }
            let self_intro = cue.starts_with('と');
            if self_intro && !introduced(text, start) {
                continue;
            }
            found.push((start, at));
        }
    }
    // "担当の佐藤です", "私は山田と申します".
    // The cues before a name are Japanese words (`担当`, `宛先`), whatever
    // the rest of the text.
    for (at, cue) in hits.of(Cue::JaBefore) {
        let p = at + cue.len();
        let p = p + text[p..].len() - text[p..].trim_start_matches([' ', '\u{3000}']).len();
        let kanji: Vec<(usize, char)> = text[p..]
            .char_indices()
            .take_while(|&(_, c)| is_han(c))
            .take(5)
            .collect();
        let mut end = p + kanji.iter().map(|(_, c)| c.len_utf8()).sum::<usize>();
        // "担当：山田 太郎".
        if let Some(r) = text[end..].strip_prefix([' ', '\u{3000}']) {
            let given: usize = r
                .chars()
                .take_while(|&c| is_han(c))
                .take(4)
                .map(char::len_utf8)
                .sum();
            if given > 0 && !r[given..].chars().next().is_some_and(is_han) {
                end += text[end..].len() - r.len() + given;
            }
        }
        let after = &text[end..];
        let closes = after.starts_with("です")
            || after.starts_with("と申")
            || after.starts_with("と言")
            || after.starts_with("でございます")
            || (cue.ends_with([':', '：'])
                && !after.chars().next().is_some_and(|c| c.is_alphanumeric()));
        if (2..=4).contains(&kanji.len())
            && closes
            && ja_name_before(text, end).is_some_and(|s| s == p)
            && !(cue == "私は" && after.starts_with("です"))
        {
            found.push((p, end));
        }
    }
    // "山田より" ending a letter.
    for (at, _) in hits.of(Cue::Yori) {
        let tail = text[at + "より".len()..].trim_start_matches([' ', '\u{3000}', '。', '\r']);
        if (tail.is_empty() || tail.starts_with('\n'))
            && let Some(start) = ja_name_before(text, at)
            && start_of_line(text, start)
        {
            found.push((start, at));
        }
    }
}

/// `at` starts its line (after spaces, quote marks, a dash).
fn start_of_line(text: &str, at: usize) -> bool {
    let line = text[..at].rsplit('\n').next().unwrap_or("");
    line.trim_matches([' ', '\u{3000}', '\t', '-', '—', '「', '"', '\r'])
        .is_empty()
}

/// A self-introduction's name: after a word of `JA_BEFORE`, at a line's
/// start, or after the end of a sentence or a greeting's comma.
fn introduced(text: &str, start: usize) -> bool {
    let head = text[..start].trim_end_matches([' ', '\u{3000}']);
    start_of_line(text, start)
        || head.ends_with(['。', '、', '！', '!', ',', '，'])
        || JA_BEFORE.iter().any(|c| head.ends_with(c))
}

/// A Korean name: a surname's syllable first, two to four syllables (three,
/// the usual length, where the cue is weaker).
fn ko_name(stem: &str, strict: bool) -> bool {
    let n = char_len(stem);
    let range = if strict { 3..=3 } else { 2..=4 };
    range.contains(&n)
        && stem.chars().all(is_hangul)
        && stem
            .chars()
            .next()
            .is_some_and(|c| HANGUL_SURNAMES.contains(c))
        && !KO_NOT_NAMES.contains(&stem)
}

/// A Korean name standing alone, with no cue: three syllables, the usual
/// length (four after a two-syllable surname: `남궁민수`), and no word of
/// [`KO_NOT_NAMES`]. Two syllables alone are more often a word (`서울`).
pub(crate) fn ko_lone_name(word: &str) -> bool {
    let n = char_len(word);
    let compound = KO_COMPOUND.iter().any(|s| word.starts_with(s));
    (n == 3 || (n == 4 && compound)) && ko_name(word, false)
}

/// Whether a whole value under a key for a party to a record (`owner`,
/// `sender`, `from`) is shaped as a name in Han, kana or Hangul, where no
/// dictionary of Latin words can say so:
/// - two words of Han set apart by a space, one to three characters each
///   (`比嘉 健斗`, `王 伟`), or one word of a surname and one or two
///   characters (`李子轩`), not ending as places and offices do (`東京都`);
/// - a Korean name, spaced (`김 민준`) or not (`리춘화`, as [`ko_lone_name`]);
/// - two or three katakana words (`ジョアン オリベイラ`, `ジョン・スミス`), or
///   two of hiragana (`たなか あおい`).
///
/// One word of katakana is most often a brand (`トヨタ`).
pub(crate) fn party_name(value: &str) -> bool {
    let v = value.trim();
    if v.is_empty() || v.len() > 48 {
        return false;
    }
    let parts: Vec<&str> = v.split([' ', '・', '\u{3000}']).collect();
    if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
        return false;
    }
    // Offices, teams and stores, named so (`客服 中心`, `カスタマー サポート`).
    const ORG_WORDS: &[&str] = &[
        "中心",
        "团队",
        "團隊",
        "市場",
        "市场",
        "部门",
        "部門",
        "小组",
        "小組",
        "服务",
        "服務",
        "支持",
        "客服",
        "公司",
        "集团",
        "集團",
        "团",
        "團",
        "组",
        "組",
        "センター",
        "サポート",
        "チーム",
        "ジャパン",
        "サービス",
        "ストア",
        "ショップ",
        "グループ",
        "カスタマー",
        "センタ",
    ];
    if parts.iter().any(|p| ORG_WORDS.contains(p)) {
        return false;
    }
    let all = |f: fn(char) -> bool| parts.iter().all(|p| p.chars().all(f));
    let lens: Vec<usize> = parts.iter().map(|p| char_len(p)).collect();
    let place = v.chars().last().is_some_and(|c| PLACE_ENDS.contains(c));
    if all(is_han) {
        return !place
            && match lens.as_slice() {
                [a, b] => (1..=3).contains(a) && (1..=3).contains(b) && a + b >= 2,
                [n] => zh_surname_len(v).is_some_and(|s| (s + 1..=s + 2).contains(n)),
                _ => false,
            };
    }
    if all(is_hangul) {
        return match lens.as_slice() {
            // A surname of one syllable (two for `남궁` and the others)
            // and a given name of one to three: not `고객 센터`, `인사 팀`.
            [a, b] => {
                (*a == 1 || KO_COMPOUND.contains(&parts[0]))
                    && (1..=3).contains(b)
                    && ko_name(&parts.concat(), false)
            }
            [_] => ko_lone_name(v),
            _ => false,
        };
    }
    if all(|c| is_katakana(c) && c != '・') {
        return lens.len() >= 2 && lens.iter().all(|&n| n >= 2);
    }
    all(is_hiragana) && lens.len() == 2 && lens.iter().all(|n| (2..=5).contains(n))
}

/// Two-syllable Korean surnames.
const KO_COMPOUND: [&str; 4] = ["남궁", "선우", "제갈", "황보"];

fn korean(text: &str, found: &mut Vec<(usize, usize)>) {
    let words: Vec<(usize, &str)> = text
        .split(|c: char| !is_hangul(c))
        .scan(0usize, |at, w| {
            let start = *at;
            *at += w.len();
            // The separator's length: the character after the word.
            *at += text[*at..].chars().next().map_or(0, char::len_utf8);
            Some((start, w))
        })
        .filter(|(_, w)| !w.is_empty())
        .collect();
    if words.is_empty() {
        return;
    }
    // Whether word `k-1` is separated from word `k` by spaces only
    // (or `:`), so that the two are read together.
    let joined = |k: usize| -> bool {
        let (s0, w0) = words[k - 1];
        let gap = &text[s0 + w0.len()..words[k].0];
        !gap.is_empty()
            && gap
                .trim_matches([' ', ':', '：', ',', '\u{3000}'])
                .is_empty()
    };
    for (k, &(start, w)) in words.iter().enumerate() {
        let cue_before = k > 0 && joined(k) && KO_BEFORE.contains(&words[k - 1].1);
        let self_cue = k > 0 && joined(k) && KO_SELF_CUES.contains(&words[k - 1].1);
        let greeted = k > 0 && {
            let (s0, w0) = words[k - 1];
            w0 == "안녕하세요"
                && text[s0 + w0.len()..start]
                    .trim_matches([',', '.', '!', ' '])
                    .is_empty()
        };
        let cue_after = words.get(k + 1).is_some_and(|&(_, n)| {
            let particle = |r: &str| r.is_empty() || r == "에게" || KO_PARTICLES.contains(&r);
            (KO_AFTER.contains(&n)
                || n.strip_prefix('씨')
                    .or_else(|| n.strip_prefix('님'))
                    .is_some_and(particle))
                && text[start + w.len()..words[k + 1].0]
                    .trim_matches([' ', '\u{3000}'])
                    .is_empty()
        });
        // Honorific endings glued on: "김민준님", "이수진씨".
        let mut stem = None;
        for e in KO_HONORIFIC_ENDINGS {
            if let Some(s) = w.strip_suffix(e)
                && ko_name(s, false)
            {
                stem = Some(s);
                break;
            }
        }
        if stem.is_none() {
            for e in KO_SELF {
                if let Some(s) = w.strip_suffix(e)
                    && ko_name(s, !cue_before)
                    && (cue_before || self_cue || greeted)
                {
                    stem = Some(s);
                    break;
                }
            }
        }
        if stem.is_none() && cue_before {
            if ko_name(w, true) {
                stem = Some(w);
            } else {
                for e in KO_PARTICLES {
                    if let Some(s) = w.strip_suffix(e)
                        && ko_name(s, true)
                    {
                        stem = Some(s);
                        break;
                    }
                }
            }
        }
        if stem.is_none() && cue_after && ko_name(w, false) {
            stem = Some(w);
        }
        if let Some(s) = stem {
            found.push((start, start + s.len()));
        }
    }
}

/// "Hi 恵子,", "Dear 김민준:": a Latin greeting before a name in another
/// script.
fn latin_greeting(text: &str, hits: &Hits, found: &mut Vec<(usize, usize)>) {
    for (at, g) in hits.of(Cue::LatinGreeting) {
        if text[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        let p = at + g.len();
        let script = |c: char| is_han(c) || is_hangul(c) || is_katakana(c);
        let n: Vec<char> = text[p..]
            .chars()
            .take_while(|&c| script(c))
            .take(9)
            .collect();
        if !(2..=8).contains(&n.len()) {
            continue;
        }
        let end = p + n.iter().map(|c| c.len_utf8()).sum::<usize>();
        let next = text[end..].chars().next();
        if next.is_none_or(|c| matches!(c, ',' | '!' | '.' | ':' | '，' | '、' | '\n' | ' '))
            && !JA_NOT_NAMES.contains(&&text[p..end])
            && !KO_NOT_NAMES.contains(&&text[p..end])
        {
            found.push((p, end));
        }
    }
}

/// First characters of frequent Japanese family names that are no
/// frequent Chinese surname (佐藤, 鈴木, 渡辺, 山本, 井上, 斎藤, 清水…).
const JA_FAMILY_STARTS: &str =
    "佐鈴渡山中小加松井木斎斉清森池橋阿藤前後岡長村坂原福西大太竹石上野桜遠青酒菅宮内";

/// A person's name written in their own script in parentheses after their
/// handle or Latin name, as chat exports and directories show it:
/// `akikoi (井上明子)`, `@minjun.kim (김민준)`, `Wang Fang（王芳）`.
/// The parenthesized text is the whole name: two to four Han characters
/// starting with a surname (Chinese or Japanese), or two to four Hangul
/// syllables starting with a surname, and the word before is a handle or a
/// capitalized Latin word (not a sentence's ordinary word: `meeting (会议)`).
fn alias_in_parentheses(text: &str, found: &mut Vec<(usize, usize)>) {
    let mut from = 0;
    while let Some(k) = text[from..].find(['(', '（']) {
        let open = from + k;
        let p = open
            + if text[open..].starts_with('(') {
                1
            } else {
                '（'.len_utf8()
            };
        from = p;
        let inner: Vec<char> = text[p..]
            .chars()
            .take_while(|&c| is_han(c) || is_hangul(c))
            .take(5)
            .collect();
        if !(2..=4).contains(&inner.len()) {
            continue;
        }
        let end = p + inner.iter().map(|c| c.len_utf8()).sum::<usize>();
        if !(text[end..].starts_with(')') || text[end..].starts_with('）')) {
            continue;
        }
        let first = inner[0];
        let name_like = if inner.iter().all(|&c| is_hangul(c)) {
            HANGUL_SURNAMES.contains(first)
        } else if inner.iter().all(|&c| is_han(c)) {
            let s: String = inner.iter().collect();
            (zh_surname(first)
                || JA_FAMILY_STARTS.contains(first)
                || HAN_COMPOUND.iter().any(|c| s.starts_with(c)))
                && !JA_NOT_NAMES.contains(&s.as_str())
                && !inner
                    .last()
                    .is_some_and(|&c| JA_ORG_ENDS.contains(c) || PLACE_ENDS.contains(c))
        } else {
            false
        };
        if name_like && handle_or_name_before(&text[..open]) {
            found.push((p, end));
        }
    }
}

/// Last characters of place and organization names in Han (市 city, 県
/// prefecture, 区 ward, 省 province, 部 department, 社 company…).
const PLACE_ENDS: &str = "市県区區省州都府町村道路街駅站部课課社司局院校館馆店";

/// Whether the text before `(` ends with a handle (`@minjun`, `akikoi`,
/// `li.na_88`) or a capitalized Latin word, then at most one space.
fn handle_or_name_before(before: &str) -> bool {
    let b = before.strip_suffix(' ').unwrap_or(before);
    let word: &str = {
        let start = b
            .char_indices()
            .rev()
            .take_while(|&(_, c)| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '@'))
            .last()
            .map_or(b.len(), |(i, _)| i);
        &b[start..]
    };
    let letters = word.chars().filter(char::is_ascii_alphabetic).count();
    if letters < 2 {
        return false;
    }
    if word.starts_with('@') {
        return true;
    }
    let first = word.chars().next().unwrap_or(' ');
    // A capitalized word (a Latin name) or a handle: lower case with a
    // digit, `_` or `.` in it, or a lower-case word of no dictionary.
    first.is_ascii_uppercase()
        || word.contains(|c: char| c.is_ascii_digit() || matches!(c, '_' | '.'))
        || super::lexicon::word_info(word).unknown()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_their_own_script_after_a_handle() {
        assert_eq!(names("akikoi (井上明子) joined the channel"), ["井上明子"]);
        assert_eq!(names("@minjun.kim (김민준): 확인했습니다"), ["김민준"]);
        assert_eq!(names("Wang Fang（王芳）发来消息"), ["王芳"]);
        assert_eq!(names("li_na88 (李娜) left"), ["李娜"]);
        assert!(names("the meeting (会议) starts").is_empty());
        assert!(names("Osaka (大阪市) office").is_empty());
        assert!(names("Sales (営業部)").is_empty());
        assert!(names("see (王) here").is_empty());
    }

    fn names(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        cued(text, &mut out);
        out.sort_by_key(|f| f.start);
        out.iter().map(|f| &text[f.start..f.end]).collect()
    }

    #[test]
    fn self_introductions_and_katakana_names_in_other_languages() {
        assert_eq!(
            names("いつもお世話になっております。PetrobrasのYaw Agyemanです。"),
            ["Yaw Agyeman"]
        );
        assert_eq!(names("私はAna Limaと申します。"), ["Ana Lima"]);
        // One word, or no company or topic before: no self-introduction.
        assert!(names("PetrobrasのYawです。").is_empty());
        assert!(names("Project Atlasです。").is_empty());
        assert!(names("勤務地はSan Joseです。").is_empty());
        let long = "ア・".repeat(20_000);
        assert!(names(&long).is_empty());
        assert_eq!(
            names("Last edited by イザベラ・ウィルソン on 6 October 2019"),
            ["イザベラ・ウィルソン"]
        );
        assert_eq!(
            names("マイケル・ミラー,マイケル.ミラー@example.com,Emirates NBD,2023年2月7日"),
            ["マイケル・ミラー"]
        );
        // In Japanese prose a loanword is joined so too.
        assert!(names("明日はワールド・カップの決勝です").is_empty());
    }

    #[test]
    fn latin_names_and_lone_surnames_with_an_honorific() {
        assert_eq!(names("Dimitrov先生請您回電："), ["Dimitrov"]);
        assert_eq!(names("Yasin女士您好，"), ["Yasin"]);
        assert_eq!(names("謝謝Al-Rubaie先生"), ["Al-Rubaie"]);
        assert_eq!(names("오전 5:15, 김민수 : Ragna님, 감사합니다."), ["Ragna"]);
        assert_eq!(
            names("Nkosazana Dube님이 팀과 만날 예정입니다."),
            ["Nkosazana Dube"]
        );
        assert_eq!(names("Mr Dube님"), ["Dube"]);
        assert_eq!(names("張小姐請您回電：。"), ["張"]);
        assert_eq!(names("周先生您好，"), ["周"]);
        // Ordinary words, capitals, letters glued before: nothing.
        assert!(names("Hello先生").is_empty());
        assert!(names("VIP様").is_empty());
        assert!(names("abcDube님").is_empty());
        assert!(names("这位先生").is_empty());
        // After a Chinese cue, and before a Japanese "reported by".
        assert_eq!(
            names("客户那边请联系Chisomo Chirwa，电话"),
            ["Chisomo Chirwa"]
        );
        assert_eq!(names("1. 進捗についてMaameriより報告。"), ["Maameri"]);
        assert!(names("请联系Support，电话").is_empty());
        assert!(names("的先生").is_empty());
    }

    #[test]
    fn chinese_introductions_roles_and_honorifics() {
        assert_eq!(names("您好，我叫王秀英，有问题想咨询。"), ["王秀英"]);
        assert_eq!(names("我是客服李娜，很高兴为您服务。"), ["李娜"]);
        assert_eq!(names("我是李娜很高兴认识你"), ["李娜"]);
        assert_eq!(names("请联系王伟先生处理"), ["王伟"]);
        assert_eq!(names("感谢王伟先生"), ["王伟"]);
        assert_eq!(names("张秀英女士："), ["张秀英"]);
        assert_eq!(names("尊敬的陳志明先生"), ["陳志明"]);
        assert_eq!(names("联系人：欧阳娜娜"), ["欧阳娜娜"]);
        // With whom one meets, before the meeting word only.
        assert_eq!(names("02/01/2022 16:00 与黃冠宇开会。"), ["黃冠宇"]);
        assert_eq!(names("请跟王伟沟通"), ["王伟"]);
        assert!(names("参与项目。").is_empty());
        assert!(names("与王府井合作伙伴").is_empty());
        // No surname, or no cue: nothing.
        assert!(names("我是新用户，请帮忙").is_empty());
        assert!(names("尊敬的客户您好").is_empty());
        assert!(names("王伟在北京").is_empty());
        assert!(names("请稍候").is_empty());
    }

    #[test]
    fn japanese_self_introductions_and_honorifics() {
        assert_eq!(names("担当の佐藤です。よろしくお願いします。"), ["佐藤"]);
        assert_eq!(names("山田太郎と申します。"), ["山田太郎"]);
        assert_eq!(
            names("山田太郎様\nご注文ありがとうございます"),
            ["山田太郎"]
        );
        assert_eq!(names("山田 太郎様"), ["山田 太郎"]);
        // The honorific a space apart.
        assert_eq!(
            names("山田 健一 様\n\nいつもお世話になっております。"),
            ["山田 健一"]
        );
        assert_eq!(names("田中さん、こんにちは"), ["田中"]);
        assert_eq!(names("ジョン・スミス様"), ["ジョン・スミス"]);
        assert_eq!(names("担当：鈴木 一郎\n"), ["鈴木 一郎"]);
        assert_eq!(names("よろしくお願いします。\n高橋より"), ["高橋"]);
        // Words that take honorifics, companies, and phrases.
        assert!(names("お客様各位").is_empty());
        assert!(names("皆さん、担当者様へ").is_empty());
        assert!(names("山田商事様").is_empty());
        // Given names in hiragana after a Han family name, or a whole name
        // in hiragana at a line's start; no phrase of particles.
        assert_eq!(names("吉田さくら様\nいつも"), ["吉田さくら"]);
        assert_eq!(names("やまもと ひなた様"), ["やまもと ひなた"]);
        assert!(names("東京のみなさん、こんにちは").is_empty());
        assert!(names("みなさま、よろしく").is_empty());
        assert_eq!(names("정하은 학부모님께,"), ["정하은"]);
        assert!(names("私は学生です").is_empty());
        assert!(names("本日より営業します").is_empty());
        assert!(names("ユーザー様").is_empty());
        assert!(names("問題です").is_empty());
    }

    #[test]
    fn korean_introductions_honorifics_and_sign_offs() {
        assert_eq!(names("안녕하세요, 상담사 김민준입니다."), ["김민준"]);
        assert_eq!(names("저는 박지훈이라고 합니다."), ["박지훈"]);
        assert_eq!(names("이수진님, 예약이 확인되었습니다."), ["이수진"]);
        assert_eq!(names("이수진 씨에게 전달"), ["이수진"]);
        assert_eq!(names("감사합니다.\n김민준 드림"), ["김민준"]);
        assert_eq!(names("담당자: 최영희"), ["최영희"]);
        assert_eq!(names("안녕하세요, 정하늘입니다."), ["정하늘"]);
        assert!(names("고객님, 문의하신 내용입니다.").is_empty());
        assert!(names("선생님께 여쭤보세요").is_empty());
        assert!(names("문제입니다").is_empty());
        assert!(names("마지막입니다").is_empty());
        assert!(names("고객센터입니다").is_empty());
        assert!(names("저는 이번에 처음입니다").is_empty());
        assert!(names("저는 정말 좋아요").is_empty());
    }

    #[test]
    fn latin_greetings_before_other_scripts() {
        assert_eq!(names("Hi 恵子, thanks for the update"), ["恵子"]);
        assert_eq!(names("Dear 김민준:"), ["김민준"]);
        assert!(names("Hi 你好").is_empty());
        assert!(names("Ship 中国").is_empty());
    }
}
