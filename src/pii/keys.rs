//! What a JSON key (or a table header, or a `Key:` label in text) says about
//! the value under it. Keys are folded (lower case, without `_`, `-`, `.`
//! and spaces) so `first_name`, `firstName`, `FirstName` and `First Name`
//! are one key.

use std::collections::HashMap;
use std::sync::LazyLock;

/// The meaning of a key for detection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeyKind {
    /// The value is a person's name (or a list of names): `first_name`, `assignee`.
    Person,
    /// The value is a person's name if it looks like one and the object is
    /// about a person: `name`, `owner`, `user`, `from`.
    MaybePerson,
    /// The value is a phone number: `phone`, `MobilePhone`.
    Phone,
    /// The value is an email address.
    Email,
    /// The value is not about a person (organization, place, product, id):
    /// free-text name detection is off for it.
    NotPerson,
    /// Nothing known: ordinary free-text detection.
    #[default]
    Other,
}

/// Folds a key: lower case, separators removed.
pub fn fold(key: &str) -> String {
    if key.is_ascii() {
        let mut out = String::with_capacity(key.len());
        for b in key.bytes() {
            if !matches!(b, b'_' | b'-' | b'.' | b' ' | b'$' | b'@') {
                out.push(b.to_ascii_lowercase() as char);
            }
        }
        return out;
    }
    key.chars()
        .filter(|c| {
            !matches!(
                c,
                '_' | '-' | '.' | ' ' | '$' | '@' | '\u{200c}' | '\u{200d}'
            )
        })
        .flat_map(char::to_lowercase)
        .collect()
}

const PERSON: &[&str] = &[
    // A person, a visitor, whoever responds to a ticket.
    "person",
    "responder",
    "responders",
    "visitor",
    "visitors",
    // Guests, travellers, customers, hosts, tenants and landlords, guides,
    // drivers, contacts and coordinators, as forms and letters of more
    // languages label them (zh, ja, ko, th, ka, ur, fa, ar, tr, he, hi,
    // bn, ta, sw, cs, pl, de, nl, fr, es, pt, it, id, vi, ru, uk, el, am,
    // mn, km, lo, my, si).
    "房客",
    "房东",
    "房東",
    "租客",
    "房主",
    "業主",
    "旅客",
    "乘客",
    "客人",
    "住客",
    "導遊",
    "聯繫人",
    "宿泊者",
    "旅行者",
    "乗客",
    "添乗員",
    "ご担当",
    "게스트",
    "투숙객",
    "여행자",
    "가이드",
    "임차인",
    "임대인",
    "집주인",
    "승객",
    "ชื่อผู้เข้าพัก",
    "ผู้เข้าพัก",
    "ผู้เดินทาง",
    "ผู้โดยสาร",
    "ผู้ประสานงาน",
    "მოგზაური",
    "გიდი",
    "მგზავრი",
    "სტუმარი",
    "კლიენტი",
    "მომხმარებელი",
    "პაციენტი",
    "ექიმი",
    "თანამშრომელი",
    "მენეჯერი",
    "მძღოლი",
    "მასწავლებელი",
    "საკონტაქტო",
    "صارف",
    "گاہک",
    "مریض",
    "مسافر",
    "مہمان",
    "ڈاکٹر",
    "ملازم",
    "کرایہدار",
    "مالکمکان",
    "رابطہ",
    "کاربر",
    "بیمار",
    "مهمان",
    "پزشک",
    "کارمند",
    "مستاجر",
    "المستخدم",
    "الضيف",
    "المسافر",
    "المرشد",
    "المدير",
    "الطالب",
    "müşteritemsilcisi",
    "müşteritemsilciniz",
    "temsilciniz",
    "yolcu",
    "misafir",
    "evsahibi",
    "rehber",
    "öğretmen",
    "öğrenci",
    "אורח",
    "נוסע",
    "מדריך",
    "משכיר",
    "בעלהבית",
    "מנהל",
    "אחראית",
    "אחראיתמשמרת",
    "अतिथि",
    "मेहमान",
    "यात्री",
    "गाइड",
    "मकानमालिक",
    "संपर्क",
    "গ্রাহক",
    "অতিথি",
    "যাত্রী",
    "রোগী",
    "ডাক্তার",
    "সমন্বয়কারী",
    "স্বেচ্ছাসেবকসমন্বয়কারী",
    "যোগাযোগ",
    "வாடிக்கையாளர்",
    "விருந்தினர்",
    "பயணி",
    "நோயாளி",
    "மருத்துவர்",
    "தொடர்புக்கு",
    "mgeni",
    "msafiri",
    "mwenyekiti",
    "katibu",
    "mwalimu",
    "likvidátor",
    "cestující",
    "průvodce",
    "pronajímatel",
    "kurýr",
    "gość",
    "pasażer",
    "przewodnik",
    "wynajmujący",
    "gast",
    "reisender",
    "reiseleiter",
    "reiziger",
    "gids",
    "invité",
    "voyageur",
    "huésped",
    "viajero",
    "guía",
    "arrendador",
    "hóspede",
    "viajante",
    "guia",
    "locador",
    "proprietário",
    "anfitrião",
    "ospite",
    "viaggiatore",
    "guida",
    "locatore",
    "tamu",
    "penumpang",
    "pemandu",
    "khách",
    "hànhkhách",
    "hướngdẫnviên",
    "chủnhà",
    "ngườiliênhệ",
    "гость",
    "пассажир",
    "гид",
    "арендодатель",
    "гість",
    "пасажир",
    "орендар",
    "επισκέπτης",
    "επιβάτης",
    "ξεναγός",
    "οδηγός",
    "ደንበኛ",
    "እንግዳ",
    "ተጓዥ",
    "አስጎብኚ",
    "ታካሚ",
    "ዶክተር",
    "үйлчлүүлэгч",
    "зочин",
    "жолооч",
    "эмч",
    "өвчтөн",
    "аялагч",
    "ភ្ញៀវ",
    "អតិថិជន",
    "អ្នកដំណើរ",
    "មគ្គុទ្ទេសក៍",
    "ແຂກ",
    "ລູກຄ້າ",
    "ຜູ້ໂດຍສານ",
    "ဧည့်သည်",
    "ဖောက်သည်",
    "ခရီးသည်",
    "අමුත්තා",
    "පාරිභෝගිකයා",
    "මගියා",
    // People by role in more languages (es, pt, fr, it, de, nl, pl, cs,
    // tr, ru, uk, id, sv, no, da, fi, hu, ro, vi, el, sw, ar, he, hi, th,
    // ja, zh, ko): employees, technicians, managers, organizers, patients,
    // doctors, tenants, witnesses, applicants, guides.
    "empleado",
    "empleada",
    "técnico",
    "tecnico",
    "tecnica",
    "técnica",
    "gerente",
    "organizador",
    "organizadora",
    "tutor",
    "tutora",
    "paciente",
    "médico",
    "medica",
    "médica",
    "testigo",
    "heredero",
    "beneficiario",
    "llamante",
    "funcionário",
    "funcionario",
    "funcionária",
    "colaborador",
    "colaboradora",
    "testemunha",
    "herdeiro",
    "beneficiário",
    "employé",
    "employée",
    "salarié",
    "salariée",
    "technicien",
    "technicienne",
    "conseiller",
    "conseillère",
    "gestionnaire",
    "organisateur",
    "organisatrice",
    "patiente",
    "médecin",
    "locataire",
    "bénéficiaire",
    "témoin",
    "appelant",
    "rédacteur",
    "dipendente",
    "operaio",
    "paziente",
    "testimone",
    "organizzatore",
    "inquilino",
    "erede",
    "kundenbetreuer",
    "techniker",
    "angestellter",
    "angestellte",
    "fahrerin",
    "patientin",
    "arzt",
    "ärztin",
    "mieter",
    "mieterin",
    "vermieter",
    "zeuge",
    "zeugin",
    "verfasser",
    "veranstalter",
    "betreuer",
    "betreuerin",
    "vorgesetzter",
    "vorgesetzte",
    "antragsteller",
    "antragstellerin",
    "begünstigter",
    "medewerker",
    "leidinggevende",
    "monteur",
    "patiënt",
    "huurder",
    "verhuurder",
    "getuige",
    "aanvrager",
    "organisator",
    "begunstigde",
    "pracownik",
    "pacjent",
    "lekarz",
    "najemca",
    "świadek",
    "wnioskodawca",
    "beneficjent",
    "zaměstnanec",
    "pacient",
    "lékař",
    "nájemce",
    "svědek",
    "žadatel",
    "çalışan",
    "personel",
    "teknisyen",
    "şoför",
    "doktor",
    "kiracı",
    "tanık",
    "başvuran",
    "сотрудник",
    "работник",
    "техник",
    "пациент",
    "врач",
    "арендатор",
    "свидетель",
    "заявитель",
    "инженер",
    "співробітник",
    "працівник",
    "пацієнт",
    "лікар",
    "заявник",
    "karyawan",
    "pegawai",
    "teknisi",
    "sopir",
    "pengemudi",
    "pasien",
    "saksi",
    "pemohon",
    "penyewa",
    "anställd",
    "medarbetare",
    "tekniker",
    "förare",
    "läkare",
    "hyresgäst",
    "vittne",
    "sökande",
    "ansatt",
    "medarbeider",
    "sjåfør",
    "pasient",
    "lege",
    "leietaker",
    "medarbejder",
    "ansat",
    "chauffør",
    "læge",
    "lejer",
    "työntekijä",
    "teknikko",
    "kuljettaja",
    "potilas",
    "lääkäri",
    "vuokralainen",
    "todistaja",
    "hakija",
    "munkatárs",
    "alkalmazott",
    "technikus",
    "sofőr",
    "beteg",
    "orvos",
    "bérlő",
    "tanú",
    "kérelmező",
    "angajat",
    "tehnician",
    "șofer",
    "medic",
    "chiriaș",
    "martor",
    "solicitant",
    "nhânviên",
    "kỹthuậtviên",
    "tàixế",
    "bệnhnhân",
    "bácsĩ",
    "ngườithuê",
    "υπάλληλος",
    "τεχνικός",
    "ασθενής",
    "γιατρός",
    "ενοικιαστής",
    "μάρτυρας",
    "mfanyakazi",
    "mgonjwa",
    "daktari",
    "الفني",
    "المريض",
    "الطبيب",
    "المستأجر",
    "الشاهد",
    "مقدمالطلب",
    "עובד",
    "טכנאי",
    "מטופל",
    "רופא",
    "שוכר",
    "कर्मचारी",
    "तकनीशियन",
    "किरायेदार",
    "गवाह",
    "आवेदक",
    "พนักงาน",
    "ช่าง",
    "ผู้ป่วย",
    "แพทย์",
    "ผู้เช่า",
    "พยาน",
    "ผู้ยื่นคำขอ",
    "ไกด์",
    "มัคคุเทศก์",
    "社員",
    "従業員",
    "技術者",
    "患者",
    "医師",
    "担当医",
    "借主",
    "証人",
    "申込者",
    "主催",
    "主催者",
    "講師",
    "幹事",
    "司会",
    "司会者",
    "员工",
    "职员",
    "技术员",
    "病人",
    "医生",
    "租户",
    "证人",
    "主办人",
    "组织者",
    "主持人",
    "导游",
    "직원",
    "환자",
    "의사",
    "세입자",
    "증인",
    "신청인",
    "주최",
    "주최자",
    "담임",
    "강사",
    "buddy",
    // People a record refers to by role.
    "creator",
    // An event's planner, a couple, a film's crew, a marketplace's
    // freelancer.
    "planner",
    "weddingplanner",
    "eventplanner",
    "officiant",
    "celebrant",
    "bride",
    "groom",
    "producer",
    "producers",
    "photographer",
    "freelancer",
    // A news item's author line, a team sheet's players.
    "byline",
    "player",
    "players",
    "athlete",
    "volunteer",
    // Full names and contact persons in more languages (forms and CRM
    // exports in the user's language).
    "namapenuh",
    "jinakamili",
    "osobaodpowiedzialna",
    "ذمہدار",
    "отговорник",
    "лицезаконтакт",
    "контактнаособа",
    "контактноелицо",
    "υπεύθυνοςεπικοινωνίας",
    "yetkilikişi",
    "irtibatkişisi",
    "vollständigername",
    "kokonimi",
    "fulltnamn",
    "celéjméno",
    "полноеимя",
    "повнеім'я",
    // A court's and a deed's officers.
    "judge",
    "presidingjudge",
    "magistrate",
    "clerk",
    "courtclerk",
    "notary",
    "arbitrator",
    "mediator",
    "barrister",
    "solicitor",
    "submitter",
    "commenter",
    "recruiter",
    "recruiters",
    "hiringmanager",
    "referrer",
    "referredby",
    "plusone",
    "companion",
    "accompaniedby",
    "chaperone",
    "captain",
    // Handles: a person's login or screen name.
    "login",
    "username",
    "screenname",
    "userhandle",
    "userlogin",
    // Other languages: es, pt, it, fr, de, nl, pl.
    "nombre",
    "apellido",
    "apellidos",
    "nombrecompleto",
    "nome",
    "sobrenome",
    "cognome",
    "nomecompleto",
    "prénom",
    "prenom",
    "nomdefamille",
    "nomcomplet",
    "vorname",
    "nachname",
    "mitarbeiter",
    "mitarbeiterin",
    "ansprechpartner",
    "kontaktperson",
    "voornaam",
    "achternaam",
    "imię",
    "nazwisko",
    "imięinazwisko",
    // Full names, given names and surnames, and the person responsible,
    // assigned, requesting or to contact, in other languages (CRM and
    // helpdesk exports in the user's language): sv, no, da, fi, pt, es,
    // fr, de, nl, it, pl, cs, tr, id/ms, vi, ru, uk, el, he, ar, fa, hi, th.
    "förnamn",
    "efternamn",
    "fornavn",
    "etternavn",
    "efternavn",
    "fulltnavn",
    "ansvarig",
    "ansvarlig",
    "handläggare",
    "saksbehandler",
    "sagsbehandler",
    "kontaktpersonen",
    "etunimi",
    "sukunimi",
    "vastuuhenkilö",
    "yhteyshenkilö",
    "responsável",
    "responsavel",
    "solicitante",
    "atribuídoa",
    "atribuidoa",
    "responsable",
    "asignadoa",
    "demandeur",
    "assignéà",
    "assignéa",
    "interlocuteur",
    "verantwortlich",
    "verantwortlicher",
    "bearbeiter",
    "sachbearbeiter",
    "zuständig",
    "zugewiesenan",
    "verantwoordelijke",
    "contactpersoon",
    "behandelaar",
    "toegewezenaan",
    "volledigenaam",
    "responsabile",
    "referente",
    "richiedente",
    "assegnatoa",
    "odpowiedzialny",
    "osobakontaktowa",
    "zgłaszający",
    "przypisanydo",
    "příjmení",
    "jménoapříjmení",
    "řešitel",
    "soyad",
    "soyadı",
    "adsoyad",
    "adısoyadı",
    "sorumlu",
    "ilgilikişi",
    "atanan",
    "namalengkap",
    "pelapor",
    "ditugaskanke",
    "penanggungjawab",
    "narahubung",
    "họtên",
    "họvàtên",
    "ngườiphụtrách",
    "фио",
    "имя",
    "фамилия",
    "отчество",
    "ответственный",
    "исполнитель",
    "піб",
    "прізвище",
    "відповідальний",
    "ονοματεπώνυμο",
    "επώνυμο",
    "υπεύθυνος",
    "שםמלא",
    "שםפרטי",
    "שםמשפחה",
    "אחראי",
    "אישקשר",
    "נציג",
    "מטפל",
    "الاسمالكامل",
    "الاسمالأول",
    "اسمالعائلة",
    "المسؤول",
    "المسئول",
    "جهةالاتصال",
    "الموظف",
    "نامکامل",
    "نامونامخانوادگی",
    "نامخانوادگی",
    "مسئول",
    "पूरानाम",
    "जिम्मेदार",
    "ชื่อนามสกุล",
    "ผู้รับผิดชอบ",
    "ผู้ติดต่อ",
    "依頼者",
    "申請者",
    "作成者",
    "申请人",
    "处理人",
    "经办人",
    "요청자",
    "작성자",
    // ja, zh, ko: name, person in charge, contact person.
    "氏名",
    "名前",
    "担当",
    "担当者",
    "姓名",
    "联系人",
    "聯絡人",
    "负责人",
    "負責人",
    "이름",
    "성명",
    "담당자",
    "담당",
    // Abbreviations seen in exports and logs.
    "mgr",
    "supv",
    "maintainer",
    "maintainers",
    "contributor",
    "contributors",
    "committer",
    "technician",
    "dispatcher",
    "courier",
    "representative",
    "accountrepresentative",
    "salesrepresentative",
    "firstname",
    "givenname",
    "forename",
    "lastname",
    "surname",
    "familyname",
    "middlename",
    "fullname",
    "displayname",
    "nickname",
    // Mailchimp's merge fields and other mailing-list exports (`FNAME`,
    // `LNAME`, `MNAME`).
    "fname",
    "lname",
    "mname",
    // FHIR's HumanName (`{"family": "Chalmers", "given": ["Peter"]}`) and
    // XML records (`<given>Ifeoma</given>`). `family` alone may be a font's
    // or a product's: it is a maybe-person key (below).
    "given",
    "givennames",
    // Access grants and delegations in audit logs.
    "grantee",
    "grantor",
    "delegatee",
    "assignor",
    "nominee",
    "maidenname",
    "preferredname",
    "legalname",
    "assignee",
    "assignees",
    "requester",
    "requestor",
    "reporter",
    "author",
    "authors",
    "attendee",
    "attendees",
    "respondent",
    "respondents",
    "cashier",
    "chair",
    "chairperson",
    "invitee",
    "invitees",
    "signer",
    "signers",
    "submitter",
    "interviewee",
    "addressee",
    "policyholder",
    "caregiver",
    "participant",
    "participants",
    "speaker",
    "speakers",
    "signatory",
    "signatories",
    "signers",
    "cosigners",
    "guarantor",
    "guarantors",
    "cardholder",
    "accountholder",
    "beneficiary",
    "guardian",
    "nextofkin",
    "emergencycontact",
    "spouse",
    "salesperson",
    "salesrep",
    "accountmanager",
    "manager",
    "supervisor",
    "reportsto",
    "createdbyname",
    "modifiedbyname",
    "ownername",
    "authorname",
    "contactname",
    "customername",
    "clientname",
    "personname",
    "patientname",
    "employeename",
    "studentname",
    "membername",
    "guestname",
    "sendername",
    "recipientname",
    "fromname",
    "toname",
    "billingname",
    "shippingname",
    "recipientfullname",
    "agentname",
    "repname",
    "approver",
    "approvers",
    "reviewer",
    "reviewers",
    "interviewer",
    "candidate",
    "applicant",
    "patient",
    "employee",
    "physician",
    "practitioner",
    "generalpractitioner",
    "doctor",
    "nurse",
    "teacher",
    "student",
    "tenant",
    "landlord",
    "passenger",
    "passengers",
    "traveller",
    "travellers",
    "traveler",
    "travelers",
    "driver",
    // Roles of forms, rotas and filings: a deputy, a handoff's incoming
    // and outgoing on-call, a taxpayer, a school's pupil, a prescriber, a
    // thesis committee.
    "deputy",
    "taxpayer",
    "pupil",
    "prescriber",
    "committee",
    // Sport: players of the match, scorers, officials, and the players of
    // a cricket or baseball card.
    "manofthematch",
    "playerofthematch",
    "playeroftheseries",
    "playerofthetournament",
    "scorer",
    "scorers",
    "goalscorer",
    "goalscorers",
    "referee",
    "umpire",
    "umpires",
    "goalkeeper",
    "batter",
    "batsman",
    "bowler",
    "pitcher",
    // sw: driver, recipient, sender, customer.
    // Those present at a meeting (zh, ja), on whose behalf, and people by
    // role in hi, pl and ru.
    "参会人员",
    "参会者",
    "与会人员",
    "与会者",
    "出席人员",
    "参加人员",
    "参与者",
    "參與者",
    "出席者",
    "参加者",
    "onbehalfof",
    "behalfof",
    "मरीज़",
    "मरीज़",
    "मरीज",
    "रोगी",
    "फार्मासिस्ट",
    "डॉक्टर",
    "चिकित्सक",
    "ग्राहक",
    "प्रबंधक",
    "kierownik",
    "kierownikprojektu",
    "руководитель",
    "менеджер",
    "ответственный",
    "dereva",
    "mpokeaji",
    "mtumaji",
    "mteja",
    "witness",
    "caller",
    "callee",
    "organizer",
    "organiser",
    "host",
    "guest",
    "lead",
    "leadname",
    "contactperson",
    "pointofcontact",
    "poc",
    "worker",
    "followers",
    "watchers",
    "collaborators",
    "subscribers",
    "invitee",
    "invitees",
    "apologies",
    "regrets",
    "absentees",
    // Meeting minutes: `**Present:** …`, `Absent: …`.
    "present",
    "absent",
    // Participants and attendees of minutes and invitations in other
    // languages: it, es/pt, de, nl, pl, cs/sk, hu, ro, sv, no/da, fi, et,
    // lt, lv, hr/sr/bs, sl, bg, ru, uk, el, tr, id/ms, sw, vi, he, ar, fa,
    // ur, hi, bn, pa, ta, si, th, am, ka, hy, ja, zh, ko.
    "partecipanti",
    "presenti",
    "participantes",
    "asistentes",
    "presentes",
    "teilnehmer",
    "teilnehmende",
    "anwesend",
    "anwesende",
    "deelnemers",
    "aanwezig",
    "aanwezigen",
    "uczestnicy",
    "obecni",
    "účastníci",
    "přítomni",
    "résztvevők",
    "jelenlévők",
    "participanți",
    "deltagare",
    "närvarande",
    "deltakere",
    "deltagere",
    "tilstede",
    "osallistujat",
    "läsnä",
    "osalejad",
    "dalyviai",
    "dalībnieki",
    "sudionici",
    "učesnici",
    "учесници",
    "udeleženci",
    "участници",
    "участники",
    "присутствовали",
    "учасники",
    "присутні",
    "συμμετέχοντες",
    "παρόντες",
    "katılımcılar",
    "katılanlar",
    "peserta",
    "hadir",
    "washiriki",
    "waliohudhuria",
    "ngườithamdự",
    "ngườithamgia",
    "thànhphầnthamdự",
    "thànhphần",
    // French minutes: present and excused (`Présents : …`, `Excusé : …`);
    // German absent and excused.
    "présents",
    "présentes",
    "excusé",
    "excusée",
    "excusés",
    "absents",
    "abwesend",
    "entschuldigt",
    "משתתפים",
    "נוכחים",
    "المشاركون",
    "المشاركين",
    "الحضور",
    "الحاضرون",
    "شرکتکنندگان",
    "حاضران",
    "شرکاء",
    "حاضرین",
    "प्रतिभागी",
    "उपस्थित",
    "অংশগ্রহণকারী",
    "উপস্থিত",
    "ਭਾਗੀਦਾਰ",
    "ਹਾਜ਼ਰ",
    "பங்கேற்பாளர்கள்",
    "கலந்துகொண்டவர்கள்",
    "සහභාගිවන්නන්",
    "ผู้เข้าร่วม",
    "ผู้เข้าร่วมประชุม",
    "ተሳታፊዎች",
    "მონაწილეები",
    "დამსწრეები",
    "մասնակիցներ",
    "参加者",
    "出席者",
    "参会者",
    "与会者",
    "出席人",
    "參與者",
    "與會者",
    "참석자",
    "참가자",
    "mentor",
    "mentee",
    "instructor",
    "coach",
    "advisor",
    "adviser",
    "chairperson",
    "facilitator",
    "notetaker",
];

const MAYBE_PERSON: &[&str] = &[
    // Parties that may be a person or a company, and authors, in more
    // languages: agents, sellers, buyers, owners, senders, recipients.
    "agente",
    "vendedor",
    "comprador",
    "propietario",
    "autor",
    "auteur",
    "vendeur",
    "acheteur",
    "propriétaire",
    "venditore",
    "acquirente",
    "proprietario",
    "kundin",
    "verkäufer",
    "käufer",
    "eigentümer",
    "inhaber",
    "verkoper",
    "koper",
    "eigenaar",
    "sprzedawca",
    "kupujący",
    "właściciel",
    "zákazník",
    "prodávající",
    "kupující",
    "majitel",
    "satıcı",
    "temsilci",
    "продавец",
    "покупатель",
    "владелец",
    "автор",
    "клієнт",
    "отримувач",
    "penjual",
    "pembeli",
    "pemilik",
    "penulis",
    "säljare",
    "köpare",
    "ägare",
    "författare",
    "selger",
    "kjøper",
    "eier",
    "forfatter",
    "sælger",
    "køber",
    "ejer",
    "myyjä",
    "ostaja",
    "omistaja",
    "kirjoittaja",
    "ügyfél",
    "vevő",
    "eladó",
    "tulajdonos",
    "szerző",
    "vânzător",
    "cumpărător",
    "proprietar",
    "ngườibán",
    "ngườimua",
    "chủsởhữu",
    "tácgiả",
    "πωλητής",
    "αγοραστής",
    "ιδιοκτήτης",
    "συγγραφέας",
    "البائع",
    "المشتري",
    "المالك",
    "الكاتب",
    "מוכר",
    "קונה",
    "בעלים",
    "כותב",
    "विक्रेता",
    "खरीदार",
    "मालिक",
    "लेखक",
    "ผู้ขาย",
    "ผู้ซื้อ",
    "เจ้าของ",
    "ผู้ส่ง",
    "ผู้รับ",
    "ผู้เขียน",
    "お客様",
    "販売者",
    "購入者",
    "所有者",
    "送信者",
    "受取人",
    "著者",
    "顾客",
    "卖家",
    "买家",
    "业主",
    "作者",
    "판매자",
    "구매자",
    "소유자",
    "발신자",
    "수신자",
    "저자",
    // Who did it (`"by": "…"` in a change log), a film's or a board's
    // directors, an account's holder.
    "by",
    "who",
    "director",
    "directors",
    "holder",
    // The parties of a payment: a person or a company.
    "creditor",
    "debtor",
    "payee",
    "payer",
    "remitter",
    // A table's "First" and "Last" columns beside "Surname" or "Phone".
    "first",
    "last",
    "billto",
    "shipto",
    "soldto",
    "deliverto",
    "attn",
    "attention",
    "name",
    "names",
    "contact",
    "contacts",
    "customer",
    "client",
    "owner",
    "owners",
    "user",
    "member",
    "members",
    "agent",
    "rep",
    "person",
    "people",
    "from",
    "to",
    "cc",
    "bcc",
    // A name, a customer or a contact in other languages (a product or a
    // company has them too).
    "namn",
    "navn",
    "nimi",
    "nom",
    "naam",
    "nama",
    "jméno",
    "tên",
    "kund",
    "kunde",
    "asiakas",
    "klant",
    "klient",
    "müşteri",
    "pelanggan",
    "kháchhàng",
    "contato",
    "contacto",
    "клиент",
    "контакт",
    "заказчик",
    "όνομα",
    "πελάτης",
    "שם",
    "לקוח",
    "الاسم",
    "اسم",
    "العميل",
    "نام",
    "مشتری",
    "नाम",
    "ग्राहक",
    "ชื่อ",
    "ลูกค้า",
    "客户",
    "顧客",
    "고객",
    // "Name" in more languages and scripts: ro, hu, lt, lv, hr/sr/sl, bg,
    // sq, is, eu, cy, ga, tl, sw, zu, yo, am, ka, hy, si, ta, te, kn, ml,
    // bn, pa, gu, mr, my, km, lo, mn.
    "nume",
    "név",
    "vardas",
    "vārds",
    "ime",
    "име",
    "emri",
    "nafn",
    "izena",
    "enw",
    "ainm",
    "pangalan",
    "jina",
    "igama",
    "orúkọ",
    "ስም",
    "სახელი",
    "անուն",
    "නම",
    "பெயர்",
    "పేరు",
    "ಹೆಸರು",
    "പേര്",
    "নাম",
    "ਨਾਮ",
    "નામ",
    "नाव",
    "အမည်",
    "ឈ្មោះ",
    "ຊື່",
    "нэр",
    // Mail headers in Hebrew, Arabic and Persian (`מאת:`/`אל:`/`עותק:`,
    // `من:`/`إلى:`, `از:`/`به:`/`رونوشت:`).
    "מאת",
    "אל",
    "עותק",
    "من",
    "إلى",
    "نسخة",
    "از",
    "به",
    "رونوشت",
    // Mail headers in other languages (`От:`/`Кому:`, `Von:`/`An:`,
    // `Expéditeur :`, `差出人:`/`宛先:`).
    "от",
    "кому",
    "копия",
    "від",
    "отправитель",
    "получатель",
    "відправник",
    "одержувач",
    "von",
    "an",
    "absender",
    "empfänger",
    "aan",
    "afzender",
    "ontvanger",
    "expéditeur",
    "destinataire",
    "remitente",
    "destinatario",
    "mittente",
    "nadawca",
    "odbiorca",
    "odesílatel",
    "příjemce",
    "gönderen",
    "alıcı",
    "差出人",
    "宛先",
    "发件人",
    "收件人",
    "寄件者",
    "보낸사람",
    "받는사람",
    // From, to and copy in the mail headers of more languages.
    "প্রেরক",
    "প্রাপক",
    "অনুলিপি",
    "அனுப்புநர்",
    "பெறுநர்",
    "จาก",
    "ถึง",
    "ከ",
    "ለ",
    "ላኪ",
    "ተቀባይ",
    "प्रेषक",
    "प्राप्तकर्ता",
    "भेजने वाला",
    "से",
    "को",
    "từ",
    "đến",
    "ngườigửi",
    "ngườinhận",
    "pengirim",
    "penerima",
    "dari",
    "kepada",
    "daripada",
    "kutoka",
    "kwa",
    "mula",
    "parakay",
    "kimden",
    "kime",
    "από",
    "προς",
    "αποστολέας",
    "παραλήπτης",
    "feladó",
    "címzett",
    "lähettäjä",
    "vastaanottaja",
    "från",
    "till",
    "fra",
    "til",
    "para",
    "od",
    "komu",
    "către",
    "expeditor",
    "destinatar",
    "pošiljatelj",
    "primatelj",
    "пошиљалац",
    "прималац",
    "подател",
    "получател",
    "გამგზავნი",
    "მიმღები",
    "ուղարկող",
    "ստացող",
    "فرستنده",
    "گیرنده",
    "بھیجنے والا",
    "وصول کنندہ",
    "sender",
    "recipient",
    "recipients",
    // Senders and recipients in more languages; whoever is responsible;
    // drivers and couriers (a `driver` may also be software's).
    "saatja",
    "remetente",
    "שולח",
    "נמען",
    "المرسل",
    "المستلم",
    "керівник",
    "yetkili",
    "kurye",
    "kierowca",
    "řidič",
    "vodič",
    "sürücü",
    "водитель",
    "водій",
    "kurier",
    "курьер",
    "repartidor",
    "motorista",
    "autista",
    "chauffeur",
    "fahrer",
    "bestuurder",
    "chofer",
    "conductor",
    // Parties to a case, and their counsel: people or companies.
    "plaintiff",
    "defendant",
    "claimant",
    "appellant",
    "petitioner",
    "counsel",
    "attorney",
    "lawyer",
    "replyto",
    "assignedto",
    "createdby",
    "updatedby",
    "modifiedby",
    "submittedby",
    "requestedby",
    "approvedby",
    "closedby",
    "openedby",
    "buyer",
    "seller",
    "actor",
    "shipfrom",
    "shipper",
    "consignee",
    "returnto",
    "performedby",
    "triggeredby",
    "initiatedby",
    "resolvedby",
    "handledby",
    "editedby",
    "deletedby",
    "uploadedby",
    "invitedby",
    "sharedby",
    // ServiceNow's caller (a user reference); a PBX's caller id (a name
    // or a number: a number under it is the caller's phone).
    "callerid",
    "usr",
    "nm",
    "cust",
    "emp",
    "pic",
    "profile",
    "backup",
    "handler",
    // `Reporting officer:`, `Tax preparer:`, `Architect:`, `Outgoing:`,
    // `Assigned:`: a person's role, or a firm's, or a count's.
    "officer",
    "preparer",
    "architect",
    "incoming",
    "outgoing",
    "assigned",
    "winner",
    "oncall",
    "family",
];

const PERSON_NAME_PREFIXES: &[&str] = &[
    "first",
    "last",
    "full",
    "given",
    "family",
    "middle",
    "display",
    "contact",
    "customer",
    "client",
    "person",
    "owner",
    "author",
    "assignee",
    "requester",
    "reporter",
    "sender",
    "recipient",
    "employee",
    "patient",
    "member",
    "guest",
    "agent",
    "rep",
    "manager",
    "father",
    "mother",
    "parent",
    "child",
    "emergencycontact",
    "holder",
    "cardholder",
    "signer",
    "legal",
    "preferred",
    "maiden",
    // Slack's `real_name`, a register's `birth_name`.
    "real",
    "birth",
    "nick",
    "sur",
    "fore",
    "attendee",
    "speaker",
    "student",
    "teacher",
    "doctor",
    "billing",
    "shipping",
    "buyer",
    "seller",
    "tenant",
    "driver",
    "passenger",
    "reviewer",
    "approver",
    "creator",
    "editor",
    "submitter",
    "uploader",
    "commenter",
    "organizer",
    "organiser",
    "host",
    "caller",
    "user",
    "salesrep",
    "accountowner",
    "partner",
    "witness",
    "interviewer",
    "candidate",
    "applicant",
    "beneficiary",
];

/// `<prefix>name` keys that name things, not people.
const THING_NAME_PREFIXES: &[&str] = &[
    "file",
    "host",
    "server",
    "tool",
    "product",
    "project",
    "team",
    "group",
    "event",
    "sheet",
    "table",
    "org",
    "organization",
    "business",
    "vendor",
    "item",
    "account",
    "company",
    "domain",
    "bucket",
    "repo",
    "repository",
    "branch",
    "channel",
    "workspace",
    "database",
    "db",
    "field",
    "column",
    "class",
    "method",
    "function",
    "type",
    "tag",
    "app",
    "application",
    "service",
    "queue",
    "topic",
    "model",
    "brand",
    "city",
    "country",
    "street",
    "state",
    "region",
    "plan",
    "package",
    "module",
    "image",
    "container",
    "cluster",
    "node",
    "pod",
    "namespace",
    "key",
    "index",
    "resource",
    "role",
    "policy",
    "device",
    "location",
    "site",
    "store",
    "shop",
    "dataset",
    "schema",
    "variable",
    "param",
    "parameter",
    "attribute",
    "property",
    "label",
    "category",
    "folder",
    "dir",
    "directory",
    "path",
    "page",
    "section",
    "form",
    "stage",
    "step",
    "task",
    "job",
    "pipeline",
    "workflow",
    "queue",
    "metric",
    "cert",
    "certificate",
    "network",
    "subnet",
    "zone",
    "bundle",
    "library",
    "lib",
    "font",
    "color",
    "colour",
    "currency",
    "language",
    "locale",
    "timezone",
    "course",
    "venue",
    "campaign",
    "segment",
    "deal",
    "opportunity",
    "ticket",
    "case",
    "issue",
    "order",
    "invoice",
    "contract",
    "document",
    "doc",
    "report",
    "list",
    "board",
    "sprint",
    "milestone",
    "release",
    "build",
];

const NOT_PERSON: &[&str] = &[
    // A chat's space or channel, a credential's issuer, a record's
    // managing organization, a school, a merchant.
    "space",
    "workspace",
    "issuer",
    "managingorganization",
    "serviceprovider",
    "insurer",
    "school",
    "university",
    "merchant",
    "merchantname",
    // Where to meet, in other languages (`Mötesplats:`, `Punto de
    // encuentro:`, `Место встречи:`, `集合場所：`).
    "meetingpoint",
    "meetingplace",
    "treffpunkt",
    "mötesplats",
    "mødested",
    "møtested",
    "tapaamispaikka",
    "kohtumispaik",
    "puntodeencuentro",
    "lugardeencuentro",
    "pontodeencontro",
    "pointderendezvous",
    "lieuderendezvous",
    "puntodiincontro",
    "luogodiincontro",
    "ontmoetingsplek",
    "ontmoetingspunt",
    "miejscespotkania",
    "místosetkání",
    "miestostretnutia",
    "mjestosastanka",
    "mestosastanka",
    "местосастанка",
    "местовстречи",
    "місцезустрічі",
    "susitikimovieta",
    "tikšanāsvieta",
    "találkozóhely",
    "locdeîntâlnire",
    "buluşmanoktası",
    "uchrashuvjoyi",
    "mahalipakukutana",
    "tempatpertemuan",
    "titikpertemuan",
    "điểmhẹn",
    "nơigặp",
    "مكاناللقاء",
    "محلملاقات",
    "מקוםמפגש",
    "मिलनेकीजगह",
    "भेट्नेठाउँ",
    "সাক্ষাতেরস্থান",
    "ਮਿਲਣਦੀਥਾਂ",
    "కలుసుకునేచోటు",
    "சந்திப்புஇடம்",
    "จุดนัดพบ",
    "集合場所",
    "集合地点",
    "见面地点",
    "만남장소",
    "company",
    "companyname",
    "organization",
    "organisation",
    // Lists of them: `"organizations": [{"name": "Zephyr Robotics"}]`
    // (Google People API), employers in HR exports. Vendors and suppliers
    // may be people (a freelancer): they are not listed.
    "organizations",
    "organisations",
    "companies",
    "employers",
    "organizationname",
    "org",
    "orgname",
    "account",
    "accountname",
    "employer",
    "business",
    "businessname",
    "vendor",
    "vendorname",
    "supplier",
    "brand",
    "manufacturer",
    "city",
    "mailingcity",
    "town",
    "country",
    "state",
    "province",
    "region",
    "county",
    "street",
    "address",
    "location",
    "place",
    "venue",
    "site",
    // The same labels in other languages, as forms and letters write
    // them before a place.
    "adresse",
    "anschrift",
    "ort",
    "dirección",
    "direccion",
    "ubicación",
    "lugar",
    "endereço",
    "endereco",
    "local",
    "localização",
    "indirizzo",
    "luogo",
    "adres",
    "miejsce",
    "adresa",
    "místo",
    "adress",
    "plats",
    "sted",
    "osoite",
    "paikka",
    "cím",
    "helyszín",
    "adresă",
    "locație",
    "konum",
    "yer",
    "địachỉ",
    "alamat",
    "lokasi",
    "tempat",
    "anwani",
    "mahali",
    "адрес",
    "адреса",
    "место",
    "місце",
    "διεύθυνση",
    "τοποθεσία",
    "العنوان",
    "عنوان",
    "الموقع",
    "المكان",
    "نشانی",
    "مکان",
    "پتہ",
    "כתובת",
    "מיקום",
    "מקום",
    "पता",
    "स्थान",
    "ঠিকানা",
    "স্থান",
    "முகவரி",
    "இடம்",
    "చిరునామా",
    "ವಿಳಾಸ",
    "വിലാസം",
    "ที่อยู่",
    "สถานที่",
    "ທີ່ຢູ່",
    "ສະຖານທີ່",
    "လိပ်စာ",
    "နေရာ",
    "អាសយដ្ឋាន",
    "ទីកន្លែង",
    "მისამართი",
    "ადგილი",
    "հասցե",
    "վայր",
    "አድራሻ",
    "ቦታ",
    "地址",
    "地點",
    "地点",
    "住所",
    "場所",
    "会場",
    "주소",
    "장소",
    "jobtitle",
    "position",
    "role",
    "department",
    "dept",
    "division",
    "product",
    "productname",
    "item",
    "itemname",
    "sku",
    "model",
    "category",
    "status",
    "priority",
    "type",
    "kind",
    "tag",
    "tags",
    "ref",
    "reference",
    "id",
    "uid",
    "uuid",
    "guid",
    "key",
    "code",
    "createdat",
    "updatedat",
    "createddate",
    "date",
    "timestamp",
    "time",
    "version",
    "url",
    "uri",
    "href",
    "link",
    "path",
    "file",
    "filename",
    "hostname",
    "host_name",
    "servername",
    "toolname",
    "method",
    "sha",
    "hash",
    "currency",
    "amount",
    "price",
    "industry",
    "sector",
    "language",
    "locale",
    "timezone",
    "project",
    "projectname",
    "repo",
    "repository",
    "branch",
    "event",
    "eventname",
    "campaign",
    "channel",
    "range",
    "majordimension",
    "sheet",
    "sheetname",
    "table",
    "tablename",
    "database",
    "schema",
    "column",
    "field",
    "unit",
    "format",
    "mimetype",
    "contenttype",
    "title",
    "label",
    "team",
    "group",
    "teamname",
    "groupname",
    "plan",
    "tier",
    "sku",
    // Company, organization, employer, brand and product in other
    // languages (table headers and field labels of localized exports).
    "empresa",
    "compañía",
    "companhia",
    "organización",
    "organização",
    "société",
    "entreprise",
    "organisme",
    "employeur",
    "marque",
    "produit",
    "firma",
    "unternehmen",
    "arbeitgeber",
    "marke",
    "produkt",
    "bedrijf",
    "organisatie",
    "werkgever",
    "merk",
    "azienda",
    "società",
    "ditta",
    "organizzazione",
    "marca",
    "prodotto",
    "producto",
    "produto",
    "empleador",
    "empregador",
    "företag",
    "bolag",
    "selskap",
    "selskab",
    "virksomhed",
    "virksomhet",
    "yritys",
    "yhtiö",
    "organisaatio",
    "cég",
    "vállalat",
    "szervezet",
    "společnost",
    "spoločnosť",
    "organizace",
    "przedsiębiorstwo",
    "organizacja",
    "pracodawca",
    "compania",
    "organizație",
    "kompanija",
    "organizacija",
    "poduzeće",
    "preduzeće",
    "įmonė",
    "uzņēmums",
    "ettevõte",
    "kompani",
    "şirket",
    "kurum",
    "kuruluş",
    "işveren",
    "ürün",
    "marka",
    "компания",
    "организация",
    "фирма",
    "предприятие",
    "работодатель",
    "товар",
    "продукт",
    "бренд",
    "компанія",
    "організація",
    "підприємство",
    "компанија",
    "организација",
    "εταιρεία",
    "εταιρία",
    "οργανισμός",
    "προϊόν",
    "חברה",
    "ארגון",
    "מעסיק",
    "شركة",
    "الشركة",
    "مؤسسة",
    "منظمة",
    "المؤسسة",
    "منتج",
    "شرکت",
    "سازمان",
    "کمپنی",
    "कंपनी",
    "संगठन",
    "संस्था",
    "नियोक्ता",
    "কোম্পানি",
    "প্রতিষ্ঠান",
    "நிறுவனம்",
    "కంపెనీ",
    "บริษัท",
    "องค์กร",
    "หน่วยงาน",
    "côngty",
    "tổchức",
    "doanhnghiệp",
    "perusahaan",
    "syarikat",
    "organisasi",
    "kumpanya",
    "kompanya",
    "samahan",
    "kampuni",
    "shirika",
    "kampani",
    "会社",
    "会社名",
    "企業",
    "企業名",
    "組織",
    "勤務先",
    "公司",
    "企业",
    "组织",
    "機構",
    "单位",
    "회사",
    "회사명",
    "기업",
    "조직",
    "소속",
    "კომპანია",
    "ორგანიზაცია",
    "ընկերություն",
    "կազմակերպություն",
    "ድርጅት",
    "ኩባንያ",
];

static EXACT: LazyLock<HashMap<&'static str, KeyKind>> = LazyLock::new(|| {
    let mut m = HashMap::new();
    for k in MAYBE_PERSON {
        m.insert(*k, KeyKind::MaybePerson);
    }
    for k in NOT_PERSON {
        m.insert(*k, KeyKind::NotPerson);
    }
    for k in PERSON {
        m.insert(*k, KeyKind::Person);
    }
    m
});

/// A locale code as a key (`en_US`, `pt-BR`): a value in that language of
/// what the key above holds.
fn locale_code(key: &str) -> bool {
    let b = key.as_bytes();
    b.len() == 5
        && b[..2].iter().all(u8::is_ascii_lowercase)
        && matches!(b[2], b'_' | b'-')
        && b[3..].iter().all(u8::is_ascii_uppercase)
}

/// Past participles not ending in `-ed`, before `by` in a key
/// (`written_by`, `sentBy`).
const IRREGULAR_PARTICIPLES: &[&str] = &[
    "written", "taken", "given", "done", "made", "sent", "seen", "chosen", "driven", "drawn",
    "shown", "known", "led", "held", "paid", "read", "won", "told", "brought", "bought", "caught",
    "taught", "sold", "spoken", "sung", "begun", "run", "set", "put", "cut",
];

/// Classifies a folded key.
pub fn classify(folded: &str) -> KeyKind {
    if folded.is_empty() {
        return KeyKind::Other;
    }
    match EXACT.get(folded) {
        Some(KeyKind::MaybePerson) if is_email_key(folded) => return KeyKind::Email,
        Some(KeyKind::MaybePerson) => {}
        Some(k) => return *k,
        None => {}
    }
    if is_email_key(folded) {
        return KeyKind::Email;
    }
    if is_phone_key(folded) {
        return KeyKind::Phone;
    }
    if EXACT.get(folded) == Some(&KeyKind::MaybePerson) {
        return KeyKind::MaybePerson;
    }
    // QuickBooks' references (`CustomerRef`, `EmployeeRef`, `SalesRepRef`:
    // `{"value": "42", "name": …}`) to a person or a party: a possible
    // person (never a sure one, whose key would make the record a
    // person's), as vendors and other things' references stay (`VendorRef`
    // may be a freelancer).
    if let Some(rest) = folded.strip_suffix("ref")
        && rest.len() >= 3
        && matches!(classify(rest), KeyKind::Person | KeyKind::MaybePerson)
    {
        return KeyKind::MaybePerson;
    }
    // Arabic writes a label with its article (`الجوال`, `الاسم`): the
    // word without it.
    if let Some(rest) = folded.strip_prefix("ال")
        && rest.chars().count() >= 2
    {
        let k = classify(rest);
        if k != KeyKind::Other {
            return k;
        }
    }
    if let Some(prefix) = folded
        .strip_suffix("name")
        .or_else(|| folded.strip_suffix("names"))
    {
        // `Organization 1 - Name`, `contact2Name`: numbered columns.
        let prefix = prefix.trim_end_matches(|c: char| c.is_ascii_digit());
        if PERSON_NAME_PREFIXES.contains(&prefix) {
            return KeyKind::Person;
        }
        // `channel_display_name`, `teamDisplayName`: a thing's too.
        if THING_NAME_PREFIXES.contains(&prefix)
            || prefix
                .strip_suffix("display")
                .is_some_and(|p| THING_NAME_PREFIXES.contains(&p))
        {
            return KeyKind::NotPerson;
        }
        // `userName`, `custName`: a name of something unknown.
        // A person's when the value and the object say so.
        return KeyKind::MaybePerson;
    }
    // `asked_by`, `filedBy`, `written_by`: who did it, as `created_by`
    // (not `sort_by`, `group_by`).
    if let Some(rest) = folded.strip_suffix("by")
        && rest.len() >= 3
        && (rest.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&rest))
    {
        return KeyKind::MaybePerson;
    }
    // `displayNameLocal`, `name_native`, `nameKana`: the same name in
    // another script or form.
    for suffix in [
        "local",
        "native",
        "latin",
        "romanized",
        "kana",
        "kanji",
        "original",
    ] {
        if let Some(rest) = folded.strip_suffix(suffix)
            && rest.len() >= 4
            && let k @ (KeyKind::Person | KeyKind::MaybePerson) = classify(rest)
        {
            return k;
        }
    }
    // `by_assignee`, `byOwner`: an object keyed by people.
    if let Some(rest) = folded.strip_prefix("by")
        && rest.len() >= 4
        && matches!(classify(rest), KeyKind::Person)
    {
        return KeyKind::Person;
    }
    // `oncall-secondary`, `owner_backup`, `reviewerPrimary`: one of a
    // rota of people.
    for suffix in ["primary", "secondary", "backup", "alternate", "deputy"] {
        if let Some(rest) = folded.strip_suffix(suffix)
            && rest.len() >= 4
            && matches!(classify(rest), KeyKind::Person | KeyKind::MaybePerson)
        {
            return KeyKind::Person;
        }
    }
    // `acctMgr`, `project_mgr`: a manager.
    if folded.len() > 3 && folded.ends_with("mgr") {
        return KeyKind::Person;
    }
    if folded.ends_with("contact") || folded.ends_with("contactperson") {
        return KeyKind::MaybePerson;
    }
    // `Loyalty member:`, `Programme chair:`, `Head cashier:`.
    if folded.len() > 6 && folded.ends_with("member") {
        return KeyKind::MaybePerson;
    }
    if folded.len() > 5 && (folded.ends_with("chair") || folded.ends_with("cashier")) {
        return KeyKind::Person;
    }
    for suffix in [
        "id", "ids", "uuid", "sku", "url", "code", "date", "at", "version", "hash", "count",
        "number", "amount", "total", "city", "country", "company", "status", "type",
    ] {
        if folded.len() > suffix.len() + 2
            && folded.ends_with(suffix)
            && !folded.ends_with("phonenumber")
        {
            return KeyKind::NotPerson;
        }
    }
    KeyKind::Other
}

fn is_email_key(k: &str) -> bool {
    matches!(
        k,
        "email" | "emails" | "mail" | "emailaddress" | "emailaddresses" | "mailaddress"
    ) || (k.contains("email") && !k.contains("verified") && !k.contains("count"))
}

fn is_phone_key(k: &str) -> bool {
    const EXACT: &[&str] = &[
        // ja, zh, ko: telephone, mobile.
        "電話",
        "电话",
        "電話番号",
        "携帯",
        "携帯電話",
        "手机",
        "手機",
        "전화",
        "전화번호",
        "휴대폰",
        // de, nl, fr, es, it, pt, sv/da/no, fi, pl/cs, ru/uk, el, he, ar,
        // hi, th, id/ms, vi (not Brazil's "cep", a postal code).
        "telefon",
        "telefonnummer",
        "rufnummer",
        "mobilnummer",
        "handy",
        "handynummer",
        "telefoon",
        "telefoonnummer",
        "mobiel",
        "téléphone",
        "portable",
        "teléfono",
        "móvil",
        "celular",
        "telefono",
        "cellulare",
        "telefone",
        "telemóvel",
        "mobil",
        "mobiltelefon",
        "puhelin",
        "matkapuhelin",
        "numertelefonu",
        "телефон",
        "мобильный",
        "τηλέφωνο",
        "κινητό",
        "טלפון",
        "נייד",
        "هاتف",
        "جوال",
        "फ़ोन",
        "फोन",
        "โทรศัพท์",
        "เบอร์โทร",
        "telepon",
        "telp",
        "ponsel",
        "điệnthoại",
        "sđt",
        "gsm",
        // sw, tr, hu, ro, hr/sr, tl, fa, ur, bn, ta, ko, kk.
        "simu",
        "nambayasimu",
        "telefonu",
        "ceptelefonu",
        "telefonszám",
        "telefonszam",
        "mobiltelefonszám",
        "numărdetelefon",
        "mobitel",
        "telepono",
        "تلفن",
        "موبایل",
        "فون",
        "ফোন",
        "தொலைபேசி",
        "핸드폰",
        "연락처",
        "phone",
        "phones",
        "tel",
        "telephone",
        "mobile",
        "cell",
        "cellphone",
        "fax",
        "msisdn",
        "whatsapp",
        "phonenumber",
        "phonenumbers",
        "mobilephone",
        "homephone",
        "workphone",
        "businessphone",
        "otherphone",
        "contactnumber",
        "mobilenumber",
        "cellnumber",
        "telephonenumber",
        "faxnumber",
        "telnumber",
        "tel1",
        "tel2",
        "phone1",
        "phone2",
        "pager",
        "beeper",
        "callback",
        "callbacknumber",
        // WhatsApp's id of a contact is the number (`wa_id`).
        "waid",
        "whatsappnumber",
        // is, hy, ka, be, mn, am, lv, lt, sq/fi, cy, ca, eu, km, lo, my, si,
        // gu, te, kn, ml, pa.
        "sími",
        "símanúmer",
        "símanr",
        "farsími",
        "հեռախոս",
        "հեռ",
        "ტელეფონი",
        "ტელ",
        "мобильны",
        "тэлефон",
        "тэл",
        "утас",
        "ስልክ",
        "tālrunis",
        "tālr",
        "telefonas",
        "telefoni",
        "ffôn",
        "telèfon",
        "telefonoa",
        "ទូរស័ព្ទ",
        "ໂທລະສັບ",
        "ဖုန်း",
        "දුරකථනය",
        "દૂરભાષ",
        "ફોન",
        "ఫోన్",
        "ಫೋನ್",
        "ഫോൺ",
        "ਫ਼ੋਨ",
        "ਫੋਨ",
        // pt-BR "fone" (as in NF-e invoices), a direct line or dial-in, ha
        // "waya", yo "fóònù".
        "fone",
        "directline",
        "directdial",
        "ddi",
        "waya",
        "fóònù",
    ];
    EXACT.contains(&k)
        || k.ends_with("phone")
        || k.ends_with("phonenumber")
        || k.ends_with("mobile")
        || k.ends_with("tel")
        || k.ends_with("telefon")
        || k.ends_with("telefonnummer")
}

/// Everything the walker needs to know about one raw key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyInfo {
    pub kind: KeyKind,
    /// A plural container of people (`customers`, `attendees`).
    pub people_container: bool,
    /// Its presence makes the enclosing object about a person.
    pub personal: bool,
    /// A generic wrapper of one value (`{"firstname": {"value": "Ann"}}`):
    /// what its value is comes from the key above the object.
    pub wrapper: bool,
    /// Names whatever the object is (`name`, `displayName`, `label`): under
    /// a key about a thing (`location`, `account`) it is that thing's name.
    pub thing_name: bool,
    /// Under a phone key, a member that holds the number or part of it
    /// (`"phone": {"national_number": "…", "country_code": "420"}`).
    pub number_part: bool,
    /// Under a person key, a member that holds a part of the name
    /// (`"createdBy": {"first": "Adwoa", "last": "Mensah"}`).
    pub name_part: bool,
    /// Says what a sibling holds (`label`, `field`, `type`; see
    /// `redact::adjust_infos`).
    pub describer: bool,
    /// Holds what a describer speaks of (`value`, `text`, `answer`).
    pub described: bool,
    /// `display`: a person's name beside their address.
    pub display: bool,
    /// Holds an identifier (`id`, `refs`, `orderNumber`): digits under it
    /// are the identifier, never a phone number written without `+`.
    pub identifier: bool,
    /// Holds accounts' handles (`login`, `username`, `requested_reviewers`).
    pub account: bool,
}

/// Keys that say what a sibling holds: `{"label": "Mobile", "value": "…"}`,
/// `{"field": {"ref": "q_name"}, "text": "…"}`, `{"type": "email", "value": "…"}`.
const DESCRIBERS: &[&str] = &[
    "label",
    "key",
    "field",
    "fieldname",
    "fieldlabel",
    "question",
    "attribute",
    "property",
    "name",
    "title",
    "ref",
    "type",
    // FHIR's ContactPoint: `{"system": "phone", "value": "…", "use": "home"}`.
    "system",
];

/// Keys a describer speaks for.
const DESCRIBED: &[&str] = &[
    "value",
    "address",
    "val",
    "text",
    "answer",
    "response",
    "content",
    "data",
    "displayvalue",
    "formattedvalue",
    "stringvalue",
];

thread_local! {
    static CACHE: std::cell::RefCell<HashMap<Box<str>, KeyInfo>> = std::cell::RefCell::new(HashMap::new());
}

/// Describes a raw key (folded and classified once per thread; keys repeat
/// across records, so this is a hash lookup on the hot path).
/// A value that is a number as a call or message record writes one: at
/// most 24 characters, at least seven digits, nothing but digits, `+`,
/// spaces, hyphens, dots and parentheses, and no dotted quad (an IPv4
/// address has dots between groups of at most three digits); an
/// extension may follow ([`extension_tail`]), and is not counted in the
/// 24.
pub fn numberish(s: &str) -> bool {
    let t = s.trim();
    // An extension after the number: "690 0098 (ext. 185)", "… x12"
    // (looked for only after seven digits: most values are words).
    let t = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i)
            if t.as_bytes()[..i]
                .iter()
                .filter(|b| b.is_ascii_digit())
                .count()
                >= 7
                && extension_tail(&t[i..]) =>
        {
            t[..i].trim_end_matches([' ', '('])
        }
        _ => t,
    };
    let dotted_quad = t.split('.').count() == 4
        && t.split('.')
            .all(|g| (1..=3).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_digit()));
    t.len() <= 24
        && !dotted_quad
        && t.bytes().filter(u8::is_ascii_digit).count() >= 7
        && t.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b' ' | b'-' | b'.' | b'(' | b')'))
}

/// The rest of a phone number's value from its first letter on: an
/// extension marker and its digits (`ext. 185`, `x12`, `#431`, `extension: 4`),
/// with any closing `)` after them (`(ext. 185)`; the caller checks the
/// opening one where it matters).
pub fn extension_tail(rest: &str) -> bool {
    let r = rest.trim_end().trim_end_matches(')');
    ["extension", "ext", "x", "#"].iter().any(|m| {
        r.get(..m.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(m))
            .then(|| r[m.len()..].trim_start_matches(['.', ':', ' ']))
            .is_some_and(|d| (1..=6).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// A folded key that names a party of a call or a message (`caller`,
/// `ani`, `dnis`; `address` as Android's SMS exports write the other
/// party's number; a contact, `agent_contact`): a number under it is that
/// party's phone number. (A postal address, an email address or a name is
/// never a bare number.)
pub fn call_party_key(folded: &str) -> bool {
    folded.ends_with("contact")
        || matches!(
            folded,
            "caller"
                | "callee"
                | "calling"
                | "called"
                | "callingnumber"
                | "callednumber"
                | "callerid"
                | "callernumber"
                | "calleenumber"
                | "ani"
                | "dnis"
                | "dialed"
                | "dialled"
                | "dialednumber"
                | "diallednumber"
                | "address"
        )
}

/// A folded key that holds the other party's number in a call record
/// (one with a [`call_record_key`]): `number`, `from`, `to`, `remote`.
pub fn call_number_key(folded: &str) -> bool {
    matches!(
        folded,
        "number" | "from" | "to" | "remote" | "remotenumber" | "peer" | "otherparty"
    )
}

/// A folded key that only a call record has: its direction, duration, id,
/// type or status.
pub fn call_record_key(folded: &str) -> bool {
    matches!(
        folded,
        "direction"
            | "calldirection"
            | "duration"
            | "durations"
            | "durationseconds"
            | "durationsec"
            | "callduration"
            | "callid"
            | "calltype"
            | "callstatus"
            | "answered"
            | "missed"
            | "voicemail"
            | "talktime"
            | "ringtime"
    )
}

/// A folded key that holds a text message's body: its `to` and `from`
/// are the parties, and a bare number there is a phone number.
pub fn message_body_key(folded: &str) -> bool {
    matches!(
        folded,
        "body" | "smsbody" | "messagebody" | "messagetext" | "message" | "msg" | "sms" | "text"
    )
}

/// What a key, a column header or a line label (as written) says it
/// holds: [`describe`]'s kind.
pub fn kind_of(key: &str) -> KeyKind {
    describe(key).kind
}

pub fn describe(key: &str) -> KeyInfo {
    if key.len() > 64 {
        return describe_uncached(key);
    }
    CACHE.with(|c| {
        if let Some(i) = c.borrow().get(key) {
            return *i;
        }
        let info = describe_uncached(key);
        let mut c = c.borrow_mut();
        if c.len() >= 8192 {
            c.clear();
        }
        c.insert(key.into(), info);
        info
    })
}

/// A label written for both genders (`Patient/in`, `Mitarbeiter*innen`,
/// `Kunde:in`, `étudiant·e`, `Empleado/a`): the label without the
/// ending.
fn ungendered(key: &str) -> Option<&str> {
    const ENDINGS: &[&str] = &[
        "/innen", "*innen", ":innen", "_innen", "(innen)", "/-in", "/in", "*in", ":in", "_in",
        "(in)", "/e", "·e", "·es", "/a", "/as", "/es",
    ];
    ENDINGS
        .iter()
        .find_map(|e| key.strip_suffix(e))
        .filter(|b| b.chars().count() >= 3)
}

fn describe_uncached(key: &str) -> KeyInfo {
    // ServiceNow's custom fields (`u_callback_number`, `u_caller_name`)
    // are what the rest of the key says.
    if let Some(base) = key.strip_prefix("u_").filter(|b| b.len() >= 4) {
        let info = describe_uncached(base);
        if info.kind != KeyKind::Other {
            return info;
        }
    }
    if let Some(base) = ungendered(key) {
        let info = describe_uncached(base);
        if info.kind != KeyKind::Other {
            return info;
        }
    }
    // An OData annotation speaks of the member it annotates:
    // `_ownerid_value@OData.Community.Display.V1.FormattedValue` is the
    // display name of `_ownerid_value`, the owner.
    if let Some((base, annotation)) = key.split_once('@')
        && annotation
            .get(..6)
            .is_some_and(|a| a.eq_ignore_ascii_case("odata."))
    {
        let base = base.trim_start_matches('_');
        let base = base.strip_suffix("_value").unwrap_or(base);
        if !base.is_empty() {
            let f = fold(base);
            let stem = f.strip_suffix("id").filter(|s| !s.is_empty()).unwrap_or(&f);
            let kind = match classify(stem) {
                KeyKind::Person | KeyKind::MaybePerson => KeyKind::MaybePerson,
                _ => KeyKind::Other,
            };
            return KeyInfo {
                kind,
                ..describe_uncached("value")
            };
        }
    }
    // `Name (Last, First)`, `Phone (mobile)`, `Owner (email)`: a column
    // header with a note in brackets is what its words before the
    // bracket say, unless the note names a kind of its own (an email or
    // a phone column of a person).
    if let Some(open) = key.find(" (").or_else(|| key.find('('))
        && open > 0
        && key.trim_end().ends_with(')')
    {
        let head = describe_uncached(key[..open].trim_end());
        let note = classify(&fold(&key[open + 1..key.trim_end().len() - 1]));
        return match note {
            KeyKind::Email | KeyKind::Phone => KeyInfo { kind: note, ..head },
            _ => head,
        };
    }
    let f = fold(key);
    let kind = match classify(&f) {
        KeyKind::Other => head_kind(key, &f),
        k => k,
    };
    KeyInfo {
        kind,
        identifier: identifier_key(&f),
        people_container: is_people_container(&f) || plural_of_people(&f),
        personal: personal_kind(kind, &f),
        wrapper: matches!(
            f.as_str(),
            "value"
                | "v"
                | "val"
                | "displayvalue"
                | "formattedvalue"
                | "formatted"
                | "raw"
                | "current"
                | "display"
                | "displaytext"
                | "descriptor"
                | "plaintext"
                | "content"
                // LinkedIn's `{"firstName": {"localized": {"en_US": "Koa"}}}`.
                | "localized"
        ) || locale_code(key),
        thing_name: matches!(
            f.as_str(),
            "name" | "names" | "displayname" | "label" | "title" | "shortname" | "longname"
        ),
        // Also the kinds of line a phone map is keyed by (`"phones":
        // {"work": "11.99069.7319", "home": …}`).
        number_part: f.contains("number")
            || matches!(
                f.as_str(),
                "e164"
                    | "international"
                    | "national"
                    | "local"
                    | "subscriber"
                    | "digits"
                    | "full"
                    | "work"
                    | "home"
                    | "office"
                    | "main"
                    | "personal"
                    | "business"
                    | "private"
                    | "direct"
                    | "landline"
                    | "cell"
                    | "other"
                    | "primary"
                    | "secondary"
                    | "daytime"
                    | "evening"
                    | "emergency"
            ),
        name_part: matches!(
            f.as_str(),
            "first" | "last" | "given" | "family" | "middle" | "full" | "fn" | "ln"
        ),
        describer: DESCRIBERS.contains(&f.as_str()),
        described: DESCRIBED.contains(&f.as_str()),
        display: matches!(f.as_str(), "display" | "displaytext"),
        account: account_key(&f),
    }
}

/// What a key of several words says by its last word, the noun it is
/// about (`KeyAccountManager`, `Account owner`, `primary_contact`): a
/// person's key there makes the whole one that may hold a person (its
/// other words may make it something else: `owner_type` is no owner).
/// `assignedTech`, `Assigned agent`: whoever a thing is assigned to.
fn head_kind(key: &str, folded: &str) -> KeyKind {
    if folded.len() > 8 && folded.starts_with("assigned") {
        return KeyKind::MaybePerson;
    }
    let mut words: Vec<&str> = Vec::new();
    let mut start = 0;
    let bytes = key.as_bytes();
    for i in 1..=key.len() {
        let boundary = i == key.len()
            || matches!(bytes[i], b'_' | b'-' | b' ' | b'.')
            || (bytes[i].is_ascii_uppercase() && bytes[i - 1].is_ascii_lowercase());
        if boundary {
            let w = key[start..i].trim_matches(|c: char| matches!(c, '_' | '-' | ' ' | '.'));
            if !w.is_empty() {
                words.push(w);
            }
            start = i;
        }
    }
    let [_, .., head] = words.as_slice() else {
        return KeyKind::Other;
    };
    match classify(&fold(head)) {
        k @ (KeyKind::Person | KeyKind::MaybePerson) => k,
        _ => KeyKind::Other,
    }
}

fn personal_kind(kind: KeyKind, folded: &str) -> bool {
    matches!(kind, KeyKind::Person | KeyKind::Email | KeyKind::Phone) || personal_detail(folded)
}

/// A key or a column of a detail only a person has (a birth date, a
/// gender, a birthplace, a relation to the head of a household; not
/// `sex`, which a pet's or a livestock record has too): the record or the
/// table is about people.
pub fn personal_detail(folded: &str) -> bool {
    matches!(
        folded,
        "dob"
            | "dateofbirth"
            | "birthday"
            | "birthdate"
            | "gender"
            | "ssn"
            | "jobtitle"
            | "salutation"
            | "pronouns"
            | "birthplace"
            | "placeofbirth"
            | "relationtohead"
            | "maritalstatus"
            | "nationality"
    )
}

/// Which columns of a header hold a name's parts, when it has both a
/// given-name column and a family-name column, one of them more than a
/// bare `first` or `last` (`first,surname,org`, `| Given | Family |`):
/// then its rows are people and those columns hold their names, whatever
/// else the header has. All false otherwise.
pub fn name_part_columns<'h>(labels: impl Iterator<Item = &'h str>) -> Vec<bool> {
    const GIVEN: &[&str] = &[
        "first",
        "firstname",
        "given",
        "givenname",
        "forename",
        "forenames",
        "fname",
    ];
    const FAMILY: &[&str] = &[
        "last",
        "lastname",
        "surname",
        "family",
        "familyname",
        "lname",
    ];
    let folded: Vec<String> = labels.map(fold).collect();
    let has = |list: &[&str]| folded.iter().any(|f| list.contains(&f.as_str()));
    // Bare `First` and `Last` may head anything (`| Metric | First | Last
    // |`): one of the pair must say it is a name.
    let plain = |f: &String| matches!(f.as_str(), "first" | "last");
    let both = has(GIVEN)
        && has(FAMILY)
        && folded
            .iter()
            .any(|f| (GIVEN.contains(&f.as_str()) || FAMILY.contains(&f.as_str())) && !plain(f));
    folded
        .iter()
        .map(|f| both && (GIVEN.contains(&f.as_str()) || FAMILY.contains(&f.as_str())))
        .collect()
}

/// The kinds of a header's columns: each label's [`kind_of`], except that
/// the columns of a name's parts ([`name_part_columns`]) hold people.
pub fn column_kinds<'h>(labels: impl Iterator<Item = &'h str> + Clone) -> Vec<KeyKind> {
    let parts = name_part_columns(labels.clone());
    labels
        .zip(parts)
        .map(|(l, part)| if part { KeyKind::Person } else { kind_of(l) })
        .collect()
}

/// Does a folded key hold the handle of an account: a login, a user or
/// screen name, a profile's public identifier, reviewers or assignees
/// listed by login?
pub fn account_key(folded: &str) -> bool {
    matches!(
        folded,
        "login"
            | "username"
            | "usernames"
            | "screenname"
            | "userhandle"
            | "userlogin"
            | "publicidentifier"
            | "vanityname"
            | "slackhandle"
            | "githubhandle"
            | "githublogin"
            | "twitterhandle"
            | "requestedreviewers"
            | "reviewers"
            | "assignees"
            | "mentions"
            | "samaccountname"
            | "userprincipalname"
    )
}

/// Keys of identifiers (`id`, `refs`, `orderNumber`, `hs_object_id`):
/// an 11-digit object id or a reference number is not a phone number
/// because its digits would dial. Keys of numbers that do dial
/// (`wa_id`, `caller_id`, `phone_number_id`) are not among them.
pub fn identifier_key(folded: &str) -> bool {
    matches!(
        folded,
        "id" | "ids"
            | "ref"
            | "refs"
            | "reference"
            | "references"
            | "referenceid"
            | "referencenumber"
            | "refno"
            | "uid"
            | "uuid"
            | "guid"
            | "objectid"
            | "hsobjectid"
            | "recordid"
            | "externalid"
            | "sku"
            | "ean"
            | "upc"
            | "isbn"
            | "serial"
            | "serialnumber"
            | "tracking"
            | "trackingnumber"
            | "trackingid"
            | "ordernumber"
            | "orderid"
            | "orderno"
            | "invoicenumber"
            | "invoiceid"
            | "invoiceno"
            | "ticketnumber"
            | "ticketid"
            | "casenumber"
            | "caseid"
            | "confirmationnumber"
            | "confirmationcode"
            | "bookingreference"
            | "bookingref"
            | "accountnumber"
            | "accountid"
            | "customerid"
            | "customernumber"
            | "contactid"
            | "dealid"
            | "companyid"
            | "transactionid"
            | "paymentid"
            | "requestid"
            | "traceid"
            | "sessionid"
            | "messageid"
            | "threadid"
            | "eventid"
            | "shipmentid"
            | "policynumber"
            | "claimnumber"
            | "memberid"
            | "membernumber"
            | "employeeid"
            | "employeenumber"
            | "studentid"
            | "patientid"
            | "mrn"
    )
}

/// A plural of a key that holds a person (`beneficiaries`, `witnesses`,
/// `technicians`): a list of people. Plurals of name words (`names`,
/// `firsts`) and of keys that may hold a company are not.
fn plural_of_people(folded: &str) -> bool {
    let singulars = [
        folded.strip_suffix("ies").map(|s| format!("{s}y")),
        folded.strip_suffix("es").map(str::to_string),
        folded.strip_suffix('s').map(str::to_string),
    ];
    // Listed person keys only (not `chairs` by the `-chair` rule), and not
    // those that are also things (`hosts`, `workers`, `presents`).
    singulars.into_iter().flatten().any(|s| {
        s.len() >= 4
            && !matches!(
                s.as_str(),
                "host" | "worker" | "present" | "absent" | "coach" | "lead" | "first" | "last"
            )
            && EXACT.get(s.as_str()) == Some(&KeyKind::Person)
    })
}

/// Plural container keys whose elements are people.
pub fn is_people_container(folded: &str) -> bool {
    const PEOPLE: &[&str] = &[
        "customers",
        "contacts",
        "people",
        "persons",
        "users",
        "members",
        "employees",
        "staff",
        "leads",
        "patients",
        "attendees",
        "participants",
        "recipients",
        "authors",
        "owners",
        "speakers",
        "students",
        "candidates",
        "applicants",
        "clients",
        "guests",
        "passengers",
        "travellers",
        "travelers",
        "teammembers",
        "assignees",
        "reviewers",
        "approvers",
        "requester",
        "requesters",
        "customer",
        "contact",
        "user",
        "member",
        "employee",
        "lead",
        "patient",
        "person",
        "author",
        "owner",
        "sender",
        "recipient",
        "from",
        "to",
        "cc",
        "bcc",
        "assignee",
        "reporter",
        "creator",
        "createdby",
        "attendee",
        "participant",
        "organizer",
        "agent",
        // Roll calls and lists of people by another name.
        "attendance",
        "roster",
        "invitees",
        "volunteers",
        "players",
        "tenants",
        "residents",
        "drivers",
        "technicians",
        "agents",
        "interviewers",
        "trainees",
        // The parties of a payment, and people by their role.
        "creditor",
        "debtor",
        "payee",
        "payer",
        "remitter",
        "beneficiary",
        "accountholder",
        "director",
        "directreports",
        "guest",
        "player",
        "coach",
        "signatories",
        "signers",
        "cosigners",
        "guarantors",
    ];
    PEOPLE.contains(&folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_common_keys() {
        let k = |s: &str| classify(&fold(s));
        assert_eq!(k("Mgr"), KeyKind::Person);
        assert_eq!(k("plus_one"), KeyKind::Person);
        assert_eq!(k("Referred by"), KeyKind::Person);
        assert_eq!(k("recruiter"), KeyKind::Person);
        assert_eq!(k("by_assignee"), KeyKind::Person);
        assert_eq!(k("acctMgr"), KeyKind::Person);
        assert_eq!(k("usr"), KeyKind::MaybePerson);
        assert_eq!(k("联系人"), KeyKind::Person);
        assert_eq!(k("Ditugaskan ke"), KeyKind::Person);
        let d = |s: &str| describe(s).kind;
        assert_eq!(d("KeyAccountManager"), KeyKind::Person);
        assert_eq!(d("Account owner"), KeyKind::MaybePerson);
        assert_eq!(d("primary_contact"), KeyKind::MaybePerson);
        assert_eq!(d("Assigned tech"), KeyKind::MaybePerson);
        assert_eq!(
            d("_ownerid_value@OData.Community.Display.V1.FormattedValue"),
            KeyKind::MaybePerson
        );
        assert_eq!(
            d("_transactioncurrencyid_value@OData.Community.Display.V1.FormattedValue"),
            KeyKind::Other
        );
        assert!(!matches!(
            d("owner_type"),
            KeyKind::Person | KeyKind::MaybePerson
        ));
        assert_eq!(d("fileSize"), KeyKind::Other);
        // Keys of any letters (a proptest case) are read without a panic.
        for odd in [
            "\u{fffd}.<\u{11742}\u{d4a}$\u{10427}",
            "x@\u{11742}dat",
            "@é",
        ] {
            assert_ne!(d(odd), KeyKind::Person);
        }
        assert_eq!(k("Assigné à"), KeyKind::Person);
        assert_eq!(k("Responsável"), KeyKind::Person);
        assert_eq!(k("שם מלא"), KeyKind::Person);
        assert_eq!(k("ФИО"), KeyKind::Person);
        assert_eq!(k("الاسم"), KeyKind::MaybePerson);
        assert_eq!(k("Namn"), KeyKind::MaybePerson);
        assert_eq!(k("担当"), KeyKind::Person);
        assert_eq!(k("담당자"), KeyKind::Person);
        assert_eq!(k("手机"), KeyKind::Phone);
        assert_eq!(k("電話"), KeyKind::Phone);
        assert_eq!(k("Telefon"), KeyKind::Phone);
        assert_eq!(k("Firmentelefon"), KeyKind::Phone);
        assert_eq!(k("Teléfono"), KeyKind::Phone);
        assert_eq!(k("טלפון"), KeyKind::Phone);
        assert_eq!(k("CEP"), KeyKind::Other);
        assert_eq!(k("first_name"), KeyKind::Person);
        assert_eq!(k("lastName"), KeyKind::Person);
        assert_eq!(k("OwnerName"), KeyKind::Person);
        assert_eq!(k("displayName"), KeyKind::Person);
        assert_eq!(k("name"), KeyKind::MaybePerson);
        let d = |s: &str| describe(s).kind;
        assert_eq!(d("u_callback_number"), KeyKind::Phone);
        assert_eq!(d("u_caller_name"), d("caller_name"));
        assert_eq!(d("u_status"), d("status"));
        assert_eq!(d("u_caller_email"), KeyKind::Email);
        assert_eq!(k("MobilePhone"), KeyKind::Phone);
        assert_eq!(k("phoneNumber"), KeyKind::Phone);
        assert_eq!(k("emailAddress"), KeyKind::Email);
        assert_eq!(k("AccountName"), KeyKind::NotPerson);
        // A given-name and a family-name column make a header's people.
        let kinds = |h: &[&str]| column_kinds(h.iter().copied());
        assert_eq!(
            kinds(&["first", "surname", "org"]),
            [KeyKind::Person, KeyKind::Person, KeyKind::NotPerson]
        );
        // Bare First and Last may head anything.
        assert_eq!(kinds(&["Metric", "First", "Last"])[1], k("First"));
        assert_eq!(k("FileName"), KeyKind::NotPerson);
        assert_eq!(k("MailingCity"), KeyKind::NotPerson);
        assert_eq!(k("orderId"), KeyKind::NotPerson);
        assert_eq!(k("notes"), KeyKind::Other);
        assert_eq!(k("description"), KeyKind::Other);
        assert_eq!(k("Deal Name"), KeyKind::NotPerson);
        assert_eq!(k("caller_id"), KeyKind::MaybePerson);
        // A note in brackets after a header.
        assert_eq!(kind_of("Name (Last, First)"), KeyKind::MaybePerson);
        assert_eq!(kind_of("Owner (email)"), KeyKind::Email);
        assert_eq!(kind_of("Amount (USD)"), kind_of("Amount"));
        assert_eq!(k("ስም"), KeyKind::MaybePerson);
        assert_eq!(k("பங்கேற்பாளர்கள்"), KeyKind::Person);
        assert_eq!(k("شرکت‌کنندگان"), KeyKind::Person);
    }

    #[test]
    fn numbers_with_extensions() {
        for t in [
            "690 0098",
            "690 0098 (ext. 185)",
            "+1 415 555 0132 x12",
            "4155550132 Extension: 7",
        ] {
            assert!(numberish(t), "{t}");
        }
        for t in [
            "690 0098 (room 185)",
            "10.0.0.12",
            "690 0098 ext",
            "Ana 690 0098",
            "690 0098 ext. 1234567",
        ] {
            assert!(!numberish(t), "{t}");
        }
        assert!(extension_tail("(ext. 185)".trim_start_matches('(')));
        assert!(!extension_tail("exterior"));
    }

    #[test]
    fn roles_of_forms_and_handoffs() {
        for k in [
            "Deputy",
            "Taxpayer",
            "Pupil",
            "Prescriber",
            "Committee",
            "Man of the match",
            "Player of the match",
            "Goalscorers",
            "Umpires",
        ] {
            assert_eq!(kind_of(k), KeyKind::Person, "{k}");
        }
        for k in [
            "Reporting officer",
            "Tax preparer",
            "Architect",
            "Outgoing",
            "Incoming",
            "Assigned",
        ] {
            assert_eq!(kind_of(k), KeyKind::MaybePerson, "{k}");
        }
    }

    #[test]
    fn phone_keys_of_more_languages() {
        for k in [
            "Sími",
            "Հեռախոս",
            "ტელეფონი",
            "Тэлефон",
            "Tālrunis",
            "ទូរស័ព្ទ",
            "fone",
            "directLine",
            "Waya",
            "Fóònù",
        ] {
            assert_eq!(classify(&fold(k)), KeyKind::Phone, "{k}");
        }
    }

    #[test]
    fn roles_in_other_languages_articles_and_plurals() {
        for k in [
            "technicien",
            "Medewerker",
            "Leidinggevende",
            "сотрудник",
            "主催",
            "real_name",
        ] {
            assert_eq!(describe(k).kind, KeyKind::Person, "{k}");
        }
        for k in ["agente", "propietario", "الاسم"] {
            assert_eq!(describe(k).kind, KeyKind::MaybePerson, "{k}");
        }
        // Arabic's article before a phone label.
        assert_eq!(describe("الجوال").kind, KeyKind::Phone);
        // Plurals of person keys hold people; of name words, or of keys
        // that are no person's, not.
        for k in ["beneficiaries", "witnesses", "technicians", "guardians"] {
            assert!(describe(k).people_container, "{k}");
        }
        for k in [
            "names",
            "firsts",
            "items",
            "children",
            "addresses",
            "hosts",
            "workers",
            "wheelchairs",
        ] {
            assert!(!describe(k).people_container, "{k}");
        }
        // Labels for both genders.
        for k in [
            "Patient/in",
            "Mitarbeiter*innen",
            "Kunde:in",
            "Empleado/a",
            "Patient(e)",
        ] {
            assert_ne!(describe(k).kind, KeyKind::Other, "{k}");
        }
    }

    #[test]
    fn who_did_it_and_names_in_other_forms() {
        for k in [
            "asked_by",
            "answeredBy",
            "filed_by",
            "written_by",
            "by",
            "director",
        ] {
            assert_eq!(classify(&fold(k)), KeyKind::MaybePerson, "{k}");
        }
        for k in ["sort_by", "groupBy", "order_by", "nearby", "standby"] {
            assert_ne!(classify(&fold(k)), KeyKind::MaybePerson, "{k}");
        }
        for k in [
            "planner",
            "freelancer",
            "displayNameLocal",
            "full_name_native",
        ] {
            assert_eq!(classify(&fold(k)), KeyKind::Person, "{k}");
        }
        assert_eq!(classify(&fold("name_local")), KeyKind::MaybePerson);
        assert_ne!(classify(&fold("city_local")), KeyKind::Person);
    }
}
