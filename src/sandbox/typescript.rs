//! The source front end, run inside the worker: a nesting check before any
//! parser sees the text, TypeScript stripping with oxc (parse, semantic,
//! the TypeScript transform, codegen with a source map), and the wrapping
//! that gives the main code top-level `return` and a value.
//!
//! The main code becomes a module whose default export is its value:
//!
//! ```text
//! <its imports, on line 1> export default (async () => { <the rest> \n})();
//! ```
//!
//! Imports are hoisted onto the first line and blanked where they were, so
//! every other line keeps its number; a final expression statement gets a
//! `return` in front. Line numbers the engine reports refer to the generated
//! JavaScript and are mapped back through oxc's source map.

use std::path::Path;

use oxc::allocator::Allocator;
use oxc::ast::ast::Statement;
use oxc::codegen::{Codegen, CodegenOptions, CommentOptions};
use oxc::parser::{ParseOptions, Parser};
use oxc::semantic::SemanticBuilder;
use oxc::span::SourceType;
use oxc::transformer::{TransformOptions, Transformer};

/// JavaScript for the engine, and the way back to the code's own lines.
#[derive(Debug)]
pub struct Compiled {
    pub js: String,
    pub lines: LineMap,
}

/// Generated (line, column) → the source line, from the source map.
#[derive(Debug, Default)]
pub struct LineMap {
    /// Per generated line (0-based): (generated column, source line), sorted.
    rows: Vec<Vec<(u32, u32)>>,
}

impl LineMap {
    /// The 1-based source line for a 1-based generated position.
    pub fn source_line(&self, line: u32, column: u32) -> Option<u32> {
        let mut l = line.checked_sub(1)? as usize;
        let col = column.saturating_sub(1);
        if l >= self.rows.len() {
            return None;
        }
        let row = &self.rows[l];
        if let Some(&(_, src)) = row.iter().rev().find(|(c, _)| *c <= col) {
            return Some(src + 1);
        }
        if let Some(&(_, src)) = row.first() {
            return Some(src + 1);
        }
        // A generated line with no mapping: the nearest mapped line above.
        while l > 0 {
            l -= 1;
            if let Some(&(_, src)) = self.rows[l].last() {
                return Some(src + 1);
            }
        }
        None
    }
}

/// Source rejected before it reaches the engine.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SourceError {
    #[error("the code is {size} bytes; the limit is {limit}")]
    TooLarge { size: usize, limit: usize },
    #[error(
        "the code nests {what} deeper than {limit} levels (line {line}); it was rejected before parsing"
    )]
    TooDeep {
        what: &'static str,
        limit: usize,
        line: usize,
    },
    #[error("SyntaxError: {message} (line {line})")]
    Syntax { message: String, line: usize },
    #[error("{message} (line {line})")]
    NotAllowed { message: String, line: usize },
}

/// Rejects source whose brackets (or template literals, or chains of
/// prefix operators) nest deeper than `max`, with a lexer that skips
/// strings and comments. Linear, no recursion.
pub fn check_nesting(src: &str, max: usize) -> Result<(), SourceError> {
    #[derive(Clone, Copy, PartialEq)]
    enum Ctx {
        Bracket,
        Template,
        TemplateExpr,
    }
    let b = src.as_bytes();
    let mut stack: Vec<Ctx> = Vec::new();
    let mut line = 1usize;
    let mut i = 0usize;
    // Consecutive prefix operators (`!!!!x`, `- - -x`, `typeof typeof x`).
    let mut unary_run = 0usize;
    let too_deep = |what, line| SourceError::TooDeep {
        what,
        limit: max,
        line,
    };
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line += 1;
        }
        if stack.last() == Some(&Ctx::Template) {
            match c {
                b'\\' => i += 1,
                b'`' => {
                    stack.pop();
                }
                b'$' if b.get(i + 1) == Some(&b'{') => {
                    stack.push(Ctx::TemplateExpr);
                    i += 1;
                    if stack.len() > max {
                        return Err(too_deep("brackets", line));
                    }
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        match c {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    if b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                i += 2;
                continue;
            }
            b'"' | b'\'' => {
                i += 1;
                while i < b.len() && b[i] != c && b[i] != b'\n' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                unary_run = 0;
            }
            b'`' => {
                stack.push(Ctx::Template);
                unary_run = 0;
            }
            b'(' | b'[' | b'{' => {
                stack.push(Ctx::Bracket);
                unary_run = 0;
            }
            b')' | b']' => {
                if stack.last() == Some(&Ctx::Bracket) {
                    stack.pop();
                }
                unary_run = 0;
            }
            b'}' => {
                if matches!(stack.last(), Some(Ctx::Bracket | Ctx::TemplateExpr)) {
                    stack.pop();
                }
                unary_run = 0;
            }
            b'!' | b'~' | b'+' | b'-' => {
                unary_run += 1;
            }
            c if c.is_ascii_whitespace() => {}
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$')
                {
                    i += 1;
                }
                let word = &src[start..i];
                if matches!(word, "typeof" | "void" | "delete" | "await" | "new") {
                    unary_run += 1;
                } else {
                    unary_run = 0;
                }
                if unary_run > max {
                    return Err(too_deep("prefix operators", line));
                }
                continue;
            }
            _ => unary_run = 0,
        }
        if stack.len() > max {
            return Err(too_deep("brackets", line));
        }
        if unary_run > max {
            return Err(too_deep("prefix operators", line));
        }
        i += 1;
    }
    Ok(())
}

fn line_of(src: &str, offset: u32) -> usize {
    let end = (offset as usize).min(src.len());
    src.as_bytes()[..end]
        .iter()
        .filter(|&&c| c == b'\n')
        .count()
        + 1
}

fn parse_error(src: &str, diags: &[oxc::diagnostics::OxcDiagnostic]) -> SourceError {
    let d = &diags[0];
    let offset = d.labels.first().map_or(0, |l| l.offset());
    SourceError::Syntax {
        message: d.message.to_string(),
        line: line_of(src, offset),
    }
}

/// The main code: checked, wrapped (imports hoisted, final expression
/// returned), TypeScript stripped.
pub fn compile_main(
    src: &str,
    max_bytes: usize,
    max_nesting: usize,
) -> Result<Compiled, SourceError> {
    if src.len() > max_bytes {
        return Err(SourceError::TooLarge {
            size: src.len(),
            limit: max_bytes,
        });
    }
    check_nesting(src, max_nesting)?;
    let wrapped = wrap_main(src)?;
    transpile(&wrapped, "main.ts")
}

/// A skill module: checked and stripped, exports kept.
pub fn compile_module(
    src: &str,
    path: &str,
    max_bytes: usize,
    max_nesting: usize,
) -> Result<Compiled, SourceError> {
    if src.len() > max_bytes {
        return Err(SourceError::TooLarge {
            size: src.len(),
            limit: max_bytes,
        });
    }
    check_nesting(src, max_nesting)?;
    transpile(src, path)
}

fn wrap_main(src: &str) -> Result<String, SourceError> {
    let allocator = Allocator::default();
    let ret = Parser::new(&allocator, src, SourceType::ts().with_module(true))
        .with_options(ParseOptions {
            allow_return_outside_function: true,
            ..ParseOptions::default()
        })
        .parse();
    if !ret.diagnostics.is_empty() {
        return Err(parse_error(src, &ret.diagnostics));
    }
    let mut imports: Vec<(usize, usize)> = Vec::new();
    let mut last_expr: Option<usize> = None;
    for stmt in &ret.program.body {
        let span = oxc::span::GetSpan::span(stmt);
        match stmt {
            Statement::ImportDeclaration(_) => {
                imports.push((span.start as usize, span.end as usize));
            }
            _ if stmt.is_module_declaration() => {
                return Err(SourceError::NotAllowed {
                    message: "export is only for skills: the code itself returns its value (use `return`)".into(),
                    line: line_of(src, span.start),
                });
            }
            Statement::TSTypeAliasDeclaration(_)
            | Statement::TSInterfaceDeclaration(_)
            | Statement::EmptyStatement(_) => {}
            Statement::ExpressionStatement(_) => last_expr = Some(span.start as usize),
            _ => last_expr = None,
        }
    }
    if let Some(h) = &ret.program.hashbang {
        // A hashbang is only valid at the very start; inside the wrapper it
        // would not parse. Blank it like an import.
        imports.push((h.span.start as usize, h.span.end as usize));
    }
    let mut head = String::new();
    for &(s, e) in &imports {
        if src[s..e].starts_with("#!") {
            continue;
        }
        for ch in src[s..e].chars() {
            head.push(
                if ch == '\n' || ch == '\r' || ch == '\u{2028}' || ch == '\u{2029}' {
                    ' '
                } else {
                    ch
                },
            );
        }
        while head.ends_with([';', ' ']) {
            head.pop();
        }
        head.push_str("; ");
    }
    head.push_str("export default (async () => {");
    let mut body = String::with_capacity(src.len() + 16);
    let mut pos = 0usize;
    let mut cuts: Vec<(usize, usize)> = imports.clone();
    cuts.sort_unstable();
    for (s, e) in cuts {
        if s < pos {
            continue;
        }
        push_with_return(&mut body, &src[pos..s], pos, last_expr);
        for ch in src[s..e].chars() {
            if matches!(ch, '\n' | '\r' | '\u{2028}' | '\u{2029}') {
                body.push(ch);
            } else {
                body.push(' ');
            }
        }
        pos = e;
    }
    push_with_return(&mut body, &src[pos..], pos, last_expr);
    Ok(format!("{head}{body}\n}})();\n"))
}

/// Appends `chunk` (which starts at byte `at` of the source), putting
/// `return ` where the final expression statement starts.
fn push_with_return(out: &mut String, chunk: &str, at: usize, ret: Option<usize>) {
    match ret {
        Some(r) if r >= at && r < at + chunk.len() => {
            out.push_str(&chunk[..r - at]);
            out.push_str("return ");
            out.push_str(&chunk[r - at..]);
        }
        _ => out.push_str(chunk),
    }
}

fn transpile(src: &str, path: &str) -> Result<Compiled, SourceError> {
    let allocator = Allocator::default();
    let ret = Parser::new(&allocator, src, SourceType::ts().with_module(true)).parse();
    if !ret.diagnostics.is_empty() {
        return Err(parse_error(src, &ret.diagnostics));
    }
    let mut program = ret.program;
    let sem = SemanticBuilder::new().with_enum_eval(true).build(&program);
    if !sem.diagnostics.is_empty() {
        return Err(parse_error(src, &sem.diagnostics));
    }
    let scoping = sem.semantic.into_scoping();
    let options = TransformOptions::default();
    let tr = Transformer::new(&allocator, Path::new(path), &options)
        .build_with_scoping(scoping, &mut program);
    if tr.diagnostics.has_errors() {
        return Err(parse_error(src, &tr.diagnostics));
    }
    let cg = Codegen::new()
        .with_options(CodegenOptions {
            source_map_path: Some(path.into()),
            comments: CommentOptions::disabled(),
            ..CodegenOptions::default()
        })
        .build(&program);
    let mut rows: Vec<Vec<(u32, u32)>> = Vec::new();
    if let Some(map) = &cg.map {
        for t in map.get_tokens() {
            let l = t.get_dst_line() as usize;
            if rows.len() <= l {
                rows.resize_with(l + 1, Vec::new);
            }
            rows[l].push((t.get_dst_col(), t.get_src_line()));
        }
    }
    for r in &mut rows {
        r.sort_unstable();
    }
    Ok(Compiled {
        js: cg.code,
        lines: LineMap { rows },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting() {
        assert!(check_nesting("f((a))", 4).is_ok());
        assert!(check_nesting(&"(".repeat(10), 4).is_err());
        assert!(check_nesting(&format!("'{}'", "(".repeat(100)), 4).is_ok());
        assert!(check_nesting(&format!("// {}", "[".repeat(100)), 4).is_ok());
        assert!(check_nesting(&format!("x = {}1", "!".repeat(100)), 8).is_err());
        assert!(check_nesting(&format!("x = {}1", "typeof ".repeat(100)), 8).is_err());
        assert!(check_nesting("`a ${ `b ${ `c` }` }`", 8).is_ok());
        assert!(check_nesting(&"`${".repeat(50), 8).is_err());
        assert!(check_nesting("a - - b; c++ + d", 4).is_ok());
    }

    #[test]
    fn strips_types_and_keeps_lines() {
        let src = "import type { X } from './servers/crm';\ninterface A { a: number }\ntype B = string;\nenum Color { Red, Green }\nconst a: number = 1 as number;\nfunction id<T>(x: T): T { return x; }\nid<number>(a) + Color.Green;\n";
        let c = compile_main(src, 1 << 20, 64).unwrap();
        assert!(!c.js.contains("interface"), "{}", c.js);
        assert!(c.js.contains("return id(a) + Color.Green"), "{}", c.js);
        assert!(c.js.contains("export default (async"), "{}", c.js);
    }

    #[test]
    fn syntax_errors_have_lines() {
        let e = compile_main("const a = 1;\nconst = ;\n", 1 << 20, 64).unwrap_err();
        assert!(matches!(e, SourceError::Syntax { line: 2, .. }), "{e:?}");
        let e = compile_main("export const a = 1;", 1 << 20, 64).unwrap_err();
        assert!(
            matches!(e, SourceError::NotAllowed { line: 1, .. }),
            "{e:?}"
        );
    }

    #[test]
    fn imports_are_hoisted() {
        let src = "const x = 1;\nimport * as crm from './servers/crm';\ncrm.search(x);";
        let w = wrap_main(src).unwrap();
        let first = w.lines().next().unwrap();
        assert!(
            first.starts_with("import * as crm from './servers/crm'; export default (async"),
            "{w}"
        );
        assert_eq!(w.lines().count(), 4, "{w}");
        assert!(w.contains("return crm.search(x);"), "{w}");
    }
}
