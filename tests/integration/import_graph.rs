//! The graph of imports between the files of a Rust source tree, and its cycles (issue 37).
//!
//! A file depends on another when it names an item that the other defines: in a private `use`
//! (`use crate::a::b::Item`, `use super::Item`, `use self::child::Item`, `use child::Item`, nested
//! groups included) or in a path written in code (`crate::a::f()`, `super::X`, `dlxlab::a::X` in the
//! binary's files). Paths are resolved as rustc resolves them, on the module tree that the `mod`
//! declarations build from `lib.rs` and `main.rs` (`foo.rs` + `foo/`, or `foo/mod.rs`):
//! the longest prefix that names a module file, then the item inside it. A `pub use` re-export is
//! the module's facade, not a dependency of its code, so a path that ends at a re-exported name
//! is followed to the file that defines the item, and the re-export line itself adds no edge. That
//! way `solvers/mod.rs` may re-export `registry::all_solvers` while `registry.rs` uses the
//! `Solver` trait that `mod.rs` defines, but two files whose code names each other's items form a
//! cycle.
//!
//! Comments, strings and character literals are skipped; `mod name { … }` blocks inside a file
//! (tests) belong to that file, and `super::` inside them first leaves the block.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

/// `(token, line)` pairs of `src`, with comments, strings and character literals left out.
fn tokenize(src: &str) -> Vec<(Tok, usize)> {
    let b: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let skip_to = |i: &mut usize, line: &mut usize, end: usize| {
        *line += b[*i..end.min(b.len())]
            .iter()
            .filter(|&&c| c == '\n')
            .count();
        *i = end;
    };
    while i < b.len() {
        let c = b[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && b.get(i + 1) == Some(&'/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && b.get(i + 1) == Some(&'*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j] == '/' && b.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 2;
                } else if b[j] == '*' && b.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            skip_to(&mut i, &mut line, j);
        } else if let Some(end) = raw_string_end(&b, i) {
            skip_to(&mut i, &mut line, end);
        } else if c == '"' || (c == 'b' && b.get(i + 1) == Some(&'"')) {
            let mut j = if c == 'b' { i + 2 } else { i + 1 };
            while j < b.len() && b[j] != '"' {
                j += if b[j] == '\\' { 2 } else { 1 };
            }
            skip_to(&mut i, &mut line, j + 1);
        } else if c == '\'' || (c == 'b' && b.get(i + 1) == Some(&'\'')) {
            let q = if c == 'b' { i + 1 } else { i };
            if b.get(q + 1) == Some(&'\\') {
                let mut j = q + 2;
                while j < b.len() && b[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if b.get(q + 2) == Some(&'\'') {
                i = q + 3;
            } else {
                // A lifetime or a label: its name is no path.
                i = q + 1;
                while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            let mut word: String = b[start..i].iter().collect();
            if word == "r" && b.get(i) == Some(&'#') {
                // A raw identifier, r#name.
                let s = i + 1;
                i = s;
                while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                    i += 1;
                }
                word = b[s..i].iter().collect();
            }
            out.push((Tok::Ident(word), line));
        } else if c == ':' && b.get(i + 1) == Some(&':') {
            out.push((Tok::PathSep, line));
            i += 2;
        } else {
            out.push((Tok::Punct(c), line));
            i += 1;
        }
    }
    out
}

/// The end of a raw string (`r"…"`, `r#"…"#`, `br#"…"#`) that starts at `i`, if one does.
fn raw_string_end(b: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if b.get(j) == Some(&'b') {
        j += 1;
    }
    if b.get(j) != Some(&'r') || (i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')) {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while b.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if b.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < b.len() {
        if b[j] == '"' && (1..=hashes).all(|k| b.get(j + k) == Some(&'#')) {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(b.len())
}

/// One path a file names: its segments (the last may be `*`), the inline module it sits in,
/// whether it is a `pub use` re-export, the name it is bound to (for re-exports) and its line.
#[derive(Debug, Clone)]
struct PathRef {
    segs: Vec<String>,
    inline: usize,
    reexport: bool,
    binds: Option<String>,
    line: usize,
}

/// What one file says: its `mod name;` children, the items it defines and the paths it names.
#[derive(Debug, Default)]
struct FileFacts {
    children: Vec<String>,
    defines: BTreeSet<String>,
    paths: Vec<PathRef>,
}

const ITEM_KEYWORDS: [&str; 10] = [
    "fn",
    "struct",
    "enum",
    "trait",
    "type",
    "const",
    "static",
    "union",
    "mod",
    "macro_rules",
];

fn facts(src: &str) -> FileFacts {
    let toks = tokenize(src);
    let mut f = FileFacts::default();
    let ident = |k: usize| match toks.get(k) {
        Some((Tok::Ident(s), _)) => Some(s.as_str()),
        _ => None,
    };
    let punct = |k: usize, c: char| matches!(toks.get(k), Some((Tok::Punct(p), _)) if *p == c);
    let sep = |k: usize| matches!(toks.get(k), Some((Tok::PathSep, _)));
    // Brace depths at which inline `mod name {` blocks opened.
    let mut inline: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut k = 0;
    while k < toks.len() {
        if punct(k, '{') {
            depth += 1;
        } else if punct(k, '}') {
            depth = depth.saturating_sub(1);
            if inline.last() == Some(&depth) {
                inline.pop();
            }
        }
        if let Some(word) = ident(k) {
            if ITEM_KEYWORDS.contains(&word) {
                let name_at = if word == "macro_rules" { k + 2 } else { k + 1 };
                if let Some(name) = ident(name_at) {
                    f.defines.insert(name.to_string());
                    if word == "mod" && punct(k + 2, ';') && inline.is_empty() {
                        f.children.push(name.to_string());
                    } else if word == "mod" && punct(k + 2, '{') {
                        inline.push(depth);
                    }
                }
            }
            if word == "use" && !sep(k.wrapping_sub(1)) {
                let reexport = is_pub_before(&toks, k);
                let line = toks[k].1;
                let mut j = k + 1;
                let mut found = Vec::new();
                parse_use_tree(&toks, &mut j, Vec::new(), &mut found);
                for (segs, binds) in found {
                    f.paths.push(PathRef {
                        segs,
                        inline: inline.len(),
                        reexport,
                        binds,
                        line,
                    });
                }
                k = j;
                continue;
            }
            // A path in code: `a::b::c`, taken whole, not starting after another `::`.
            if sep(k + 1) && !sep(k.wrapping_sub(1)) {
                let line = toks[k].1;
                let mut segs = vec![word.to_string()];
                let mut j = k + 1;
                while sep(j) {
                    match ident(j + 1) {
                        Some(s) => segs.push(s.to_string()),
                        None => break,
                    }
                    j += 2;
                }
                f.paths.push(PathRef {
                    segs,
                    inline: inline.len(),
                    reexport: false,
                    binds: None,
                    line,
                });
                k = j;
                continue;
            }
        }
        k += 1;
    }
    f
}

/// Whether the `use` at `k` is preceded by a visibility (`pub`, `pub(crate)`, `pub(in …)`).
fn is_pub_before(toks: &[(Tok, usize)], k: usize) -> bool {
    let mut j = k;
    if j >= 1 && toks[j - 1].0 == Tok::Punct(')') {
        while j > 0 && toks[j - 1].0 != Tok::Punct('(') {
            j -= 1;
        }
        j = j.saturating_sub(1);
    }
    j >= 1 && toks[j - 1].0 == Tok::Ident("pub".into())
}

/// Parses one use tree at `*j` under `prefix`, pushing each leaf path and the name it binds.
fn parse_use_tree(
    toks: &[(Tok, usize)],
    j: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix;
    if matches!(toks.get(*j), Some((Tok::PathSep, _))) {
        *j += 1;
    }
    loop {
        match toks.get(*j).map(|t| &t.0) {
            Some(Tok::Ident(s)) if s == "self" && !path.is_empty() => {
                *j += 1;
            }
            Some(Tok::Ident(s)) => {
                path.push(s.clone());
                *j += 1;
            }
            Some(Tok::Punct('*')) => {
                path.push("*".into());
                *j += 1;
                out.push((path, None));
                return;
            }
            Some(Tok::Punct('{')) => {
                *j += 1;
                loop {
                    match toks.get(*j).map(|t| &t.0) {
                        Some(Tok::Punct('}')) => {
                            *j += 1;
                            break;
                        }
                        Some(Tok::Punct(',')) => *j += 1,
                        None => return,
                        _ => parse_use_tree(toks, j, path.clone(), out),
                    }
                }
                if matches!(toks.get(*j), Some((Tok::Punct(';'), _))) {
                    *j += 1;
                }
                return;
            }
            _ => return,
        }
        if matches!(toks.get(*j), Some((Tok::PathSep, _))) {
            *j += 1;
            continue;
        }
        let mut binds = path.last().cloned();
        if matches!(toks.get(*j), Some((Tok::Ident(s), _)) if s == "as") {
            binds = match toks.get(*j + 1) {
                Some((Tok::Ident(s), _)) => Some(s.clone()),
                _ => None,
            };
            *j += 2;
        }
        if matches!(toks.get(*j), Some((Tok::Punct(';'), _))) {
            *j += 1;
        }
        out.push((path, binds));
        return;
    }
}

/// A source tree read into modules: each file's module path, crate root and facts.
pub struct Tree {
    /// Module file → (crate root index, module path, facts).
    files: BTreeMap<PathBuf, (usize, Vec<String>, FileFacts)>,
    /// (crate root, module path) → file.
    modules: BTreeMap<(usize, Vec<String>), PathBuf>,
    roots: Vec<PathBuf>,
}

/// One import edge: the importing file, the file that defines what it names, and the line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    /// The importing file, relative to the source directory.
    pub from: PathBuf,
    /// The file that defines the item named.
    pub to: PathBuf,
    /// The line of `from` that names it (the first such line).
    pub line: usize,
}

impl Tree {
    /// Reads the tree under `src` from its crate roots, `lib.rs` and `main.rs` (those present).
    pub fn read(src: &Path) -> std::io::Result<Tree> {
        let mut tree = Tree {
            files: BTreeMap::new(),
            modules: BTreeMap::new(),
            roots: Vec::new(),
        };
        for root in ["lib.rs", "main.rs"] {
            if src.join(root).is_file() {
                tree.roots.push(PathBuf::from(root));
                let idx = tree.roots.len() - 1;
                tree.load(src, PathBuf::from(root), idx, Vec::new())?;
            }
        }
        Ok(tree)
    }

    fn load(
        &mut self,
        src: &Path,
        rel: PathBuf,
        root: usize,
        module: Vec<String>,
    ) -> std::io::Result<()> {
        let text = std::fs::read_to_string(src.join(&rel))?;
        let f = facts(&text);
        let stem = rel.file_stem().unwrap().to_string_lossy().to_string();
        let dir = rel.parent().unwrap_or(Path::new("")).to_path_buf();
        let child_dir = if module.is_empty() || stem == "mod" {
            dir
        } else {
            dir.join(&stem)
        };
        let children = f.children.clone();
        self.modules.insert((root, module.clone()), rel.clone());
        self.files.insert(rel, (root, module.clone(), f));
        for child in children {
            let flat = child_dir.join(format!("{child}.rs"));
            let nested = child_dir.join(&child).join("mod.rs");
            let file = if src.join(&flat).is_file() {
                flat
            } else {
                nested
            };
            let mut m = module.clone();
            m.push(child);
            self.load(src, file, root, m)?;
        }
        Ok(())
    }

    /// The files read, relative to the source directory.
    pub fn files(&self) -> impl Iterator<Item = &PathBuf> {
        self.files.keys()
    }

    /// The library's crate root, if the tree has one.
    fn lib_root(&self) -> Option<usize> {
        self.roots.iter().position(|r| r == Path::new("lib.rs"))
    }

    /// The file that defines what `p`, named in `file`, refers to; `None` outside the tree.
    fn resolve(&self, file: &Path, p: &PathRef, hops: usize) -> Option<PathBuf> {
        let (root, module, _) = self.files.get(file)?;
        let (mut root, mut module) = (*root, module.clone());
        let mut inline = p.inline;
        let mut segs = p.segs.as_slice();
        match segs.first().map(String::as_str) {
            Some("crate") => {
                module.clear();
                segs = &segs[1..];
            }
            Some("dlxlab") if Some(root) != self.lib_root() => {
                root = self.lib_root()?;
                module.clear();
                segs = &segs[1..];
            }
            Some("self") => {
                if inline > 0 {
                    return None;
                }
                segs = &segs[1..];
            }
            Some("super") => {
                while segs.first().map(String::as_str) == Some("super") {
                    if inline > 0 {
                        inline -= 1;
                    } else {
                        module.pop()?;
                    }
                    segs = &segs[1..];
                }
                if inline > 0 {
                    return None;
                }
            }
            Some(first) => {
                // A relative path: only a child module of this file's module is ours.
                let mut child = module.clone();
                child.push(first.to_string());
                if inline > 0 || !self.modules.contains_key(&(root, child)) {
                    return None;
                }
            }
            None => return None,
        }
        // The longest prefix that is a module file, then the item named inside it.
        while let Some(s) = segs.first() {
            let mut child = module.clone();
            child.push(s.clone());
            if !self.modules.contains_key(&(root, child.clone())) {
                break;
            }
            module = child;
            segs = &segs[1..];
        }
        let target = self.modules.get(&(root, module))?.clone();
        match segs.first() {
            Some(item) if item != "*" && hops < 16 => {
                Some(self.follow(&target, item, hops).unwrap_or(target))
            }
            _ => Some(target),
        }
    }

    /// Where the `item` that `file` offers is defined: in `file`, or behind its re-exports.
    fn follow(&self, file: &Path, item: &str, hops: usize) -> Option<PathBuf> {
        let (_, _, f) = self.files.get(file)?;
        if f.defines.contains(item) {
            return Some(file.to_path_buf());
        }
        // A name the module brought in with `use` (public or not) is the item it names.
        let reexports = f
            .paths
            .iter()
            .filter(|p| p.binds.is_some() || p.segs.last().map(String::as_str) == Some("*"));
        let reexports = reexports.filter(|p| p.inline == 0 && p.segs.len() > 1);
        for p in reexports.clone() {
            if p.binds.as_deref() == Some(item) {
                return self.resolve(file, p, hops + 1);
            }
        }
        for p in reexports.filter(|p| p.segs.last().map(String::as_str) == Some("*")) {
            let mut named = p.clone();
            *named.segs.last_mut().unwrap() = item.to_string();
            if let Some(t) = self.resolve(file, &named, hops + 1) {
                if self.files[&t].2.defines.contains(item) {
                    return Some(t);
                }
            }
        }
        None
    }

    /// Every import edge between two different files, with the first line that makes it.
    pub fn edges(&self) -> Vec<Edge> {
        let mut first: BTreeMap<(PathBuf, PathBuf), usize> = BTreeMap::new();
        for (file, (_, _, f)) in &self.files {
            for p in f.paths.iter().filter(|p| !p.reexport) {
                if let Some(to) = self.resolve(file, p, 0) {
                    if &to != file {
                        let e = first.entry((file.clone(), to)).or_insert(p.line);
                        *e = (*e).min(p.line);
                    }
                }
            }
        }
        first
            .into_iter()
            .map(|((from, to), line)| Edge { from, to, line })
            .collect()
    }
}

/// One group of files that import each other, directly or through others.
#[derive(Debug, Clone)]
pub struct Cycle {
    /// Every file of the group.
    pub group: Vec<PathBuf>,
    /// One shortest closed walk through the group (its first edge's `from` is its last edge's `to`).
    pub walk: Vec<Edge>,
}

/// The import cycles among `edges`: one per strongly connected group of files.
pub fn cycles(edges: &[Edge]) -> Vec<Cycle> {
    let mut out_edges: BTreeMap<&PathBuf, Vec<&Edge>> = BTreeMap::new();
    for e in edges {
        out_edges.entry(&e.from).or_default().push(e);
    }
    let nodes: BTreeSet<&PathBuf> = edges.iter().flat_map(|e| [&e.from, &e.to]).collect();
    // Files that reach each other are one group; group by mutual reachability.
    let reach = |start: &PathBuf| -> BTreeSet<PathBuf> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(n) = stack.pop() {
            for e in out_edges.get(&n).into_iter().flatten() {
                if seen.insert(e.to.clone()) {
                    stack.push(e.to.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&PathBuf, BTreeSet<PathBuf>> =
        nodes.iter().map(|&n| (n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut found = Vec::new();
    for &n in &nodes {
        if done.contains(n) || !reaches[n].contains(n) {
            continue;
        }
        let group: BTreeSet<PathBuf> = reaches[n]
            .iter()
            .filter(|m| reaches.get(m).is_some_and(|r| r.contains(n)))
            .cloned()
            .collect();
        done.extend(group.iter().cloned());
        found.push(Cycle {
            walk: shortest_cycle(n, &out_edges),
            group: group.into_iter().collect(),
        });
    }
    found
}

/// The shortest closed walk from `start` back to itself (breadth first).
fn shortest_cycle(start: &PathBuf, out_edges: &BTreeMap<&PathBuf, Vec<&Edge>>) -> Vec<Edge> {
    let mut prev: BTreeMap<PathBuf, Edge> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(n) = queue.pop_front() {
        for e in out_edges.get(&n).into_iter().flatten() {
            if prev.contains_key(&e.to) {
                continue;
            }
            prev.insert(e.to.clone(), (*e).clone());
            if &e.to == start {
                let mut walk = vec![(*e).clone()];
                while &walk.last().unwrap().from != start {
                    walk.push(prev[&walk.last().unwrap().from].clone());
                }
                walk.reverse();
                return walk;
            }
            queue.push_back(e.to.clone());
        }
    }
    Vec::new()
}

/// The cycles as text: one paragraph per group, one `from:line -> to` per step.
pub fn describe(cycles: &[Cycle]) -> String {
    let mut s = String::new();
    for c in cycles {
        let names: Vec<String> = c.group.iter().map(|f| f.display().to_string()).collect();
        s.push_str(&format!(
            "cycle among {} files: {}\n",
            names.len(),
            names.join(", ")
        ));
        for e in &c.walk {
            s.push_str(&format!(
                "  {}:{} -> {}\n",
                e.from.display(),
                e.line,
                e.to.display()
            ));
        }
    }
    s
}
