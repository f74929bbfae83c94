//! Alphametics (cryptarithms): `NUM + BER = PLAY`, one distinct digit per letter.
//!
//! Glossary:
//! - **letter**: a capital A–Z; at most 10 distinct letters per equation (digits 0–9 are
//!   all different). Letters are numbered 0.. in order of first appearance.
//! - **word**: a run of letters read as a decimal number, most significant letter first;
//!   the first letter of a word of two or more letters is not zero (a **leading** letter).
//! - **term**: a product of words (`A * BC`), with a sign (`+` or `-`) on its side.
//! - **side**: the terms left or right of the one `=` (`==` accepted).
//! - **column** `k`: the digit of weight 10^k in every word (units are column 0). Sums and
//!   differences are decided column by column with carries; modulo 10^(k+1) a product only
//!   depends on its factors' columns 0..=k, so the same low-columns-first test prunes them.
//! - **assignment** (the solution): letter → digit.
//!
//! The checker evaluates the whole equation with exact integers (i128) and shares no code
//! with the native search (modular column tests) or the CNF column adders.

pub mod cnf;
pub mod native;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, CnfEncoding, EncodeOptions, Engine, Kind, Limits,
    NativeAnswer, NativeSolve, Preference, Purpose, Puzzle, Sink, SolveError,
};
use crate::puzzles::ParseError;
use crate::render::{Picture, Rgb};

/// Words longer than this (and products whose factors together are longer) are refused:
/// every value then fits an i128 with room for 100 terms.
pub const MAX_DIGITS: usize = 36;
/// Terms per equation, both sides together.
pub const MAX_TERMS: usize = 100;

/// A solution: the digit of each letter.
pub type Assignment = BTreeMap<char, u8>;

/// One term: a sign and the words multiplied together (letter indices, most significant
/// first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// Whether a `-` precedes the term on its side of `=`.
    pub negative: bool,
    /// The words multiplied together; a plain word is one factor.
    pub factors: Vec<Vec<usize>>,
}

/// One alphametic equation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphametic {
    /// Distinct letters in order of first appearance.
    letters: Vec<char>,
    left: Vec<Term>,
    right: Vec<Term>,
    /// `leading[i]`: letter `i` starts a word of two letters or more (not zero).
    leading: Vec<bool>,
}

impl Alphametic {
    /// Distinct letters in order of first appearance.
    pub fn letters(&self) -> &[char] {
        &self.letters
    }

    /// Terms left of `=`.
    pub fn left(&self) -> &[Term] {
        &self.left
    }

    /// Terms right of `=`.
    pub fn right(&self) -> &[Term] {
        &self.right
    }

    /// Whether letter `i` may not be zero.
    pub fn is_leading(&self, i: usize) -> bool {
        self.leading[i]
    }

    /// Whether some term multiplies two words or more.
    pub fn has_products(&self) -> bool {
        self.left
            .iter()
            .chain(&self.right)
            .any(|t| t.factors.len() > 1)
    }

    /// Every term with its sign as seen from the left side (`right` terms negated).
    pub(crate) fn signed_terms(&self) -> impl Iterator<Item = (bool, &Term)> {
        self.left
            .iter()
            .map(|t| (t.negative, t))
            .chain(self.right.iter().map(|t| (!t.negative, t)))
    }

    /// The equation with a digit (or the letter, when `digits` is `None`) per letter.
    fn render(&self, digits: Option<&[u8]>) -> String {
        let mut out = String::new();
        let word = |out: &mut String, w: &[usize]| {
            for &l in w {
                match digits {
                    Some(d) => out.push(char::from(b'0' + d[l])),
                    None => out.push(self.letters[l]),
                }
            }
        };
        for (side, terms) in [&self.left, &self.right].into_iter().enumerate() {
            if side == 1 {
                out.push_str(" = ");
            }
            for (i, term) in terms.iter().enumerate() {
                match (i, term.negative) {
                    (0, true) => out.push('-'),
                    (0, false) => {}
                    (_, true) => out.push_str(" - "),
                    (_, false) => out.push_str(" + "),
                }
                for (j, factor) in term.factors.iter().enumerate() {
                    if j > 0 {
                        out.push_str(" * ");
                    }
                    word(&mut out, factor);
                }
            }
        }
        out
    }

    fn digits_of(&self, a: &Assignment) -> Option<Vec<u8>> {
        self.letters.iter().map(|c| a.get(c).copied()).collect()
    }
}

impl std::fmt::Display for Alphametic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render(None))
    }
}

// ---------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Word(String),
    Plus,
    Minus,
    Times,
    Equals,
}

/// Parse every equation of a file: one per non-blank line; `#` and `;` start comments.
/// Each result carries the 1-based line number; a bad line does not stop the others. A file
/// with no equation at all is one error, as an empty file of any other kind is.
pub fn parse(text: &str) -> Vec<Result<(usize, Alphametic), ParseError>> {
    let parsed: Vec<_> = text
        .lines()
        .enumerate()
        .filter_map(|(i, raw)| {
            let body = raw.split(['#', ';']).next().unwrap_or("");
            if body.trim().is_empty() {
                return None;
            }
            Some(parse_equation(body, i + 1).map(|a| (i + 1, a)))
        })
        .collect();
    if parsed.is_empty() {
        return vec![Err(ParseError::at_line(
            1,
            "no equation found (e.g. `SEND + MORE = MONEY`)",
        ))];
    }
    parsed
}

/// Parse one equation; `line` is used in errors (columns are 1-based within `text`).
pub fn parse_equation(text: &str, line: usize) -> Result<Alphametic, ParseError> {
    let err = |column: usize, message: String| ParseError::new(line, Some(column), message);
    let mut tokens: Vec<(usize, Token)> = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (offset, ch) = chars[i];
        let column = text[..offset].chars().count() + 1;
        match ch {
            c if c.is_whitespace() => i += 1,
            'A'..='Z' => {
                let start = i;
                while i < chars.len() && chars[i].1.is_ascii_uppercase() {
                    i += 1;
                }
                let word: String = chars[start..i].iter().map(|&(_, c)| c).collect();
                tokens.push((column, Token::Word(word)));
            }
            '+' => {
                tokens.push((column, Token::Plus));
                i += 1;
            }
            '-' => {
                tokens.push((column, Token::Minus));
                i += 1;
            }
            '*' | '×' => {
                tokens.push((column, Token::Times));
                i += 1;
            }
            '=' => {
                tokens.push((column, Token::Equals));
                i += if chars.get(i + 1).is_some_and(|&(_, c)| c == '=') {
                    2
                } else {
                    1
                };
            }
            'a'..='z' => {
                return Err(err(
                    column,
                    format!("lower-case `{ch}`: words are written in capitals (A–Z)"),
                ));
            }
            c => {
                return Err(err(
                    column,
                    format!(
                        "unexpected `{c}` (an equation has words A–Z, `+`, `-`, `*` and one `=`)"
                    ),
                ));
            }
        }
    }
    let end_column = text.chars().count() + 1;

    let mut letters: Vec<char> = Vec::new();
    let mut leading: Vec<bool> = Vec::new();
    let mut sides: [Vec<Term>; 2] = [Vec::new(), Vec::new()];
    let mut side = 0;
    let mut equals_at = None;
    // Grammar: side := ['-'] term (('+'|'-') term)*; term := word ('*' word)*.
    let mut expect_word = true;
    let mut negative = false;
    let mut factors: Vec<Vec<usize>> = Vec::new();
    let mut factor_digits = 0;
    for (column, token) in &tokens {
        let column = *column;
        match (expect_word, token) {
            (true, Token::Word(w)) => {
                if w.len() > MAX_DIGITS {
                    return Err(err(
                        column,
                        format!(
                            "the word {w} has {} letters, more than {MAX_DIGITS}",
                            w.len()
                        ),
                    ));
                }
                factor_digits += w.len();
                if factor_digits > MAX_DIGITS {
                    return Err(err(
                        column,
                        format!("this product has more than {MAX_DIGITS} digits in all"),
                    ));
                }
                let mut word = Vec::with_capacity(w.len());
                for c in w.chars() {
                    let index = letters.iter().position(|&l| l == c).unwrap_or_else(|| {
                        letters.push(c);
                        leading.push(false);
                        letters.len() - 1
                    });
                    word.push(index);
                }
                if word.len() > 1 {
                    leading[word[0]] = true;
                }
                factors.push(word);
                expect_word = false;
            }
            (true, Token::Minus) if factors.is_empty() && sides[side].is_empty() && !negative => {
                negative = true;
            }
            (true, _) => {
                return Err(err(column, "expected a word here".into()));
            }
            (false, Token::Word(w)) => {
                return Err(err(
                    column,
                    format!("expected an operator before {w} (`+`, `-`, `*` or `=`)"),
                ));
            }
            (false, Token::Times) => expect_word = true,
            (false, Token::Plus | Token::Minus | Token::Equals) => {
                sides[side].push(Term {
                    negative,
                    factors: std::mem::take(&mut factors),
                });
                factor_digits = 0;
                negative = *token == Token::Minus;
                expect_word = true;
                if *token == Token::Equals {
                    if let Some(first) = equals_at {
                        return Err(err(
                            column,
                            format!("a second `=` (the first is at column {first})"),
                        ));
                    }
                    equals_at = Some(column);
                    side = 1;
                }
            }
        }
    }
    if expect_word {
        return Err(err(
            end_column,
            if tokens.is_empty() {
                "an empty equation".to_string()
            } else {
                "the equation ends where a word is expected".to_string()
            },
        ));
    }
    sides[side].push(Term {
        negative,
        factors: std::mem::take(&mut factors),
    });
    if equals_at.is_none() {
        return Err(err(end_column, "no `=` in the equation".into()));
    }
    if sides[0].len() + sides[1].len() > MAX_TERMS {
        return Err(ParseError::at_line(
            line,
            format!("more than {MAX_TERMS} terms"),
        ));
    }
    if letters.len() > 10 {
        let list: String = letters.iter().collect();
        return Err(ParseError::at_line(
            line,
            format!(
                "{} distinct letters ({list}): at most 10 can take different digits",
                letters.len()
            ),
        ));
    }
    let [left, right] = sides;
    Ok(Alphametic {
        letters,
        left,
        right,
        leading,
    })
}

// ---------------------------------------------------------------------------------------
// The independent checker
// ---------------------------------------------------------------------------------------

/// Exact value of one side (`None` on overflow, which the parser's limits rule out).
fn side_value(terms: &[Term], digits: &[u8]) -> Option<i128> {
    let mut total: i128 = 0;
    for term in terms {
        let mut product: i128 = 1;
        for factor in &term.factors {
            let value = factor.iter().try_fold(0i128, |v, &l| {
                v.checked_mul(10)?.checked_add(i128::from(digits[l]))
            })?;
            product = product.checked_mul(value)?;
        }
        total = if term.negative {
            total.checked_sub(product)?
        } else {
            total.checked_add(product)?
        };
    }
    Some(total)
}

fn check_assignment(a: &Alphametic, s: &Assignment) -> Result<(), CheckError> {
    for (&c, &d) in s {
        if !a.letters.contains(&c) {
            return Err(CheckError::from(format!(
                "{c} is not a letter of the equation"
            )));
        }
        if d > 9 {
            return Err(CheckError::from(format!("{c} = {d} is not a digit")));
        }
    }
    let digits = a
        .digits_of(s)
        .ok_or_else(|| "some letter has no digit".to_string())?;
    for i in 0..digits.len() {
        for j in 0..i {
            if digits[i] == digits[j] {
                return Err(CheckError::from(format!(
                    "{} and {} are both {}",
                    a.letters[j], a.letters[i], digits[i]
                )));
            }
        }
        if a.leading[i] && digits[i] == 0 {
            return Err(CheckError::from(format!(
                "{} starts a word but is 0",
                a.letters[i]
            )));
        }
    }
    let left = side_value(&a.left, &digits).ok_or("overflow on the left side")?;
    let right = side_value(&a.right, &digits).ok_or("overflow on the right side")?;
    if left != right {
        return Err(CheckError::from(format!(
            "{}: {left} ≠ {right}",
            a.render(Some(&digits))
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Output and the Puzzle implementation
// ---------------------------------------------------------------------------------------

impl Puzzle for Alphametic {
    type Solution = Assignment;

    fn kind(&self) -> Kind {
        Kind::ALPHAMETIC
    }

    fn check(&self, solution: &Assignment) -> Result<(), CheckError> {
        check_assignment(self, solution)
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Assignment>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Assignment>> {
        Some(self)
    }

    /// A few solutions: SAT, native beside it; many: native first.
    fn preference(&self) -> Preference {
        use Engine::{External, Native, Sat};
        Preference {
            few: vec![Sat, Native, External],
            many: vec![Native, Sat, External],
            presolve: false,
        }
    }

    /// Letters, not cells of a grid: the picture's labels are the letters.
    fn cells(&self) -> Cells {
        Cells {
            style: CellStyle::NamedLabels,
            one_hot_cells: true,
            ..Cells::default()
        }
    }

    fn solution_json(&self, solution: &Assignment) -> serde_json::Value {
        let object: serde_json::Map<String, serde_json::Value> = solution
            .iter()
            .map(|(c, d)| (c.to_string(), serde_json::Value::from(*d)))
            .collect();
        serde_json::Value::Object(object)
    }

    fn solution_text(&self, solution: &Assignment) -> String {
        match self.digits_of(solution) {
            Some(digits) => self.render(Some(&digits)),
            None => format!("{self} (incomplete assignment)"),
        }
    }

    fn differences(&self, a: &Assignment, b: &Assignment) -> String {
        let mut out = String::new();
        for c in &self.letters {
            let (x, y) = (a.get(c), b.get(c));
            if x != y {
                if !out.is_empty() {
                    out.push_str(", ");
                }
                let show = |d: Option<&u8>| d.map_or("?".to_string(), u8::to_string);
                let _ = write!(out, "{c}: {} vs {}", show(x), show(y));
            }
        }
        if out.is_empty() {
            "the two assignments are equal".to_string()
        } else {
            format!("letters differ: {out}")
        }
    }

    /// One row per word, right-aligned, with its operator in the first column; a letter's
    /// cells share a colour; labels are digits when solved, letters otherwise.
    fn picture(&self, solution: Option<&Assignment>) -> Picture {
        let mut rows: Vec<(char, &[usize])> = Vec::new();
        for (side, terms) in [&self.left, &self.right].into_iter().enumerate() {
            for (i, term) in terms.iter().enumerate() {
                for (j, factor) in term.factors.iter().enumerate() {
                    let op = match (side, i, j, term.negative) {
                        (_, _, 1.., _) => '*',
                        (1, 0, 0, false) => '=',
                        (_, _, 0, true) => '-',
                        (0, 0, 0, false) => ' ',
                        _ => '+',
                    };
                    rows.push((op, factor.as_slice()));
                }
            }
        }
        let width = rows.iter().map(|r| r.1.len()).max().unwrap_or(0) + 1;
        let mut picture = Picture::new(width, rows.len());
        picture.grid_lines = false;
        let digits = solution.and_then(|s| self.digits_of(s));
        for (r, (op, word)) in rows.iter().enumerate() {
            if *op != ' ' {
                picture.labels[r * width] = op.to_string();
            }
            let start = width - word.len();
            for (k, &l) in word.iter().enumerate() {
                let i = r * width + start + k;
                let Rgb(red, green, blue) = Rgb::palette(l);
                // Pale shades of the palette keep black labels readable.
                picture.fills[i] = Rgb(red / 2 + 128, green / 2 + 128, blue / 2 + 128);
                picture.labels[i] = match &digits {
                    Some(d) => d[l].to_string(),
                    None => self.letters[l].to_string(),
                };
            }
        }
        picture
    }
}

impl NativeSolve<Assignment> for Alphametic {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Assignment>,
    ) -> Result<NativeAnswer, SolveError> {
        Ok(native::solve(self, limits, found))
    }
}

impl CnfEncode<Assignment> for Alphametic {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Assignment>, SolveError> {
        cnf::encode(self)
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const ALPHAMETIC: Kind = Kind::named("alphametic");
}

/// Alphametic files: one equation per line (`#` comments).
pub const READER: super::Reader<Alphametic> = super::Reader {
    kind: Kind::ALPHAMETIC,
    about: "A cryptarithm: letters for distinct digits (`SEND + MORE = MONEY`)",
    extensions: &["alpha", "alphametic"],
    // Every line made of letters and operators, one of them an equation: a file with one
    // malformed equation (`A + B`) is still read as alphametics, so the error names it.
    looks_like: |lines| {
        let words = |l: &&&str| {
            l.chars().any(|c| c.is_ascii_uppercase())
                && l.chars()
                    .all(|c| c.is_ascii_uppercase() || " +-*=".contains(c))
        };
        let mut equations = lines.iter().filter(|l| !l.starts_with('#'));
        equations.clone().any(|l| l.contains('=')) && equations.all(|l| words(&l))
    },
    read: |_, text| super::by_line(parse(text)),
    generator: None,
    examples: &[crate::puzzles::example!(
        "Alphametic: SEND + MORE = MONEY",
        "alphametic/send-more-money.alpha"
    )],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Alphametic {
        parse_equation(text, 1).unwrap()
    }

    fn assignment(a: &Alphametic, digits: &str) -> Assignment {
        a.letters()
            .iter()
            .zip(digits.bytes())
            .map(|(&c, d)| (c, d - b'0'))
            .collect()
    }

    #[test]
    fn parses_sums_differences_and_products() {
        let a = one("SEND + MORE = MONEY");
        assert_eq!(a.letters().iter().collect::<String>(), "SENDMORY");
        assert_eq!(a.left().len(), 2);
        assert_eq!(a.right().len(), 1);
        assert!(a.is_leading(0) && a.is_leading(4));
        assert!(!a.is_leading(1));
        assert!(!a.has_products());
        assert_eq!(a.to_string(), "SEND + MORE = MONEY");
        let b = one("  AB*C - D == EF + G ");
        assert!(b.has_products());
        assert_eq!(b.to_string(), "AB * C - D = EF + G");
        assert!(b.left()[1].negative);
        assert!(!b.is_leading(2), "one-letter words may be 0");
    }

    #[test]
    fn parse_file_numbers_lines_and_keeps_going() {
        let results =
            parse("# two puzzles\nNUM + BER = PLAY\n\nA + = B\nSEND+MORE=MONEY ; classic\n");
        assert_eq!(results.len(), 3);
        assert_eq!(results[0].as_ref().unwrap().0, 2);
        let e = results[1].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (4, Some(5)));
        assert_eq!(results[2].as_ref().unwrap().0, 5);
    }

    #[test]
    fn parse_errors_say_where() {
        let cases: [(&str, Option<usize>, &str); 9] = [
            ("A + B", Some(6), "no `=`"),
            ("A = B = C", Some(7), "second `=`"),
            ("A + b = C", Some(5), "lower-case"),
            ("A + 1 = C", Some(5), "unexpected `1`"),
            ("A B = C", Some(3), "operator before B"),
            ("A + B =", Some(8), "ends where a word"),
            ("", Some(1), "empty"),
            ("ABCDE + FGHIJ = KA", None, "11 distinct letters"),
            ("A / B = C", Some(3), "unexpected `/`"),
        ];
        for (text, column, message) in cases {
            let e = parse_equation(text, 7).unwrap_err();
            assert_eq!((e.line, e.column), (7, column), "{text}: {e}");
            assert!(e.message.contains(message), "{text}: {e}");
        }
    }

    #[test]
    fn checker() {
        let a = one("SEND + MORE = MONEY");
        // Letters S E N D M O R Y.
        let good = assignment(&a, "95671082");
        assert_eq!(a.check(&good), Ok(()));
        assert_eq!(a.solution_text(&good), "9567 + 1085 = 10652");
        let mut bad = good.clone();
        bad.insert('Y', 3);
        assert!(a.check(&bad).unwrap_err().message.contains("≠"));
        let mut twice = good.clone();
        twice.insert('Y', 9);
        assert!(a.check(&twice).unwrap_err().message.contains("both 9"));
        let zero = one("A + B = A");
        assert_eq!(zero.check(&assignment(&zero, "50")), Ok(()));
        let lead = one("AB - B = A0".replace('0', "C").as_str());
        // AB - B = AC → 10A = 10A + C → C = 0 and AC's lead A ≠ 0.
        assert_eq!(lead.check(&assignment(&lead, "120")), Ok(()));
        assert!(lead.check(&assignment(&lead, "021")).is_err());
        let mut missing = good;
        missing.remove(&'S');
        assert!(a.check(&missing).unwrap_err().message.contains("no digit"));
    }

    #[test]
    fn json_text_differences_picture_and_dlx() {
        let a = one("NUM + BER = PLAY");
        let s = assignment(&a, "8573491206");
        // Letters N U M B E R P L A Y.
        assert_eq!(a.solution_text(&s), "857 + 349 = 1206");
        assert_eq!(a.check(&s), Ok(()));
        let json = a.solution_json(&s);
        assert_eq!(json["N"], 8);
        assert_eq!(json["Y"], 6);
        let mut t = s.clone();
        t.insert('M', 9);
        t.insert('R', 7);
        assert_eq!(
            a.differences(&s, &t),
            "letters differ: M: 7 vs 9, R: 9 vs 7"
        );
        let pic = a.picture(Some(&s));
        assert_eq!((pic.width, pic.height), (5, 3));
        assert_eq!(pic.labels[5], "+");
        assert_eq!(pic.labels[14], "6");
        assert!(a.as_cover().is_none());
    }
}
