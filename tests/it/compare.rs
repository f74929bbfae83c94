//! `compare` must fail loudly on a broken decoder: a wrong grid is either caught by the
//! checker or, when it passes a (deliberately lenient) checker, by the agreement check.

use satcover::compare::{agreement, run_backends};
use satcover::puzzle::{
    Backend, CheckError, CnfEncode, CnfEncoding, CoverEncode, CoverEncoding, EncodeOptions, Kind,
    Limits, NativeAnswer, NativeSolve, Purpose, Puzzle, Request, Sink, SolveError,
};
use satcover::puzzles::sudoku::{self, Sudoku};
use satcover::render::Picture;

/// A sudoku whose exact-cover decoder swaps digits 1 and 2: still a valid grid, but not
/// the puzzle's. `lenient` makes the checker ignore the givens, so only agreement can tell.
struct BrokenDecoder {
    inner: Sudoku,
    lenient: bool,
}

impl Puzzle for BrokenDecoder {
    type Solution = Vec<u8>;

    fn kind(&self) -> Kind {
        Kind::SUDOKU
    }

    fn check(&self, solution: &Vec<u8>) -> Result<(), CheckError> {
        if self.lenient {
            let empty = Sudoku::new(self.inner.box_side(), vec![0; solution.len()]).unwrap();
            sudoku::verify(&empty, solution)
        } else {
            sudoku::verify(&self.inner, solution)
        }
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Vec<u8>>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Vec<u8>>> {
        Some(self)
    }

    fn as_cover(&self) -> Option<&dyn CoverEncode<Vec<u8>>> {
        Some(self)
    }

    fn solution_json(&self, s: &Vec<u8>) -> serde_json::Value {
        self.inner.solution_json(s)
    }

    fn solution_text(&self, s: &Vec<u8>) -> String {
        self.inner.solution_text(s)
    }

    fn differences(&self, a: &Vec<u8>, b: &Vec<u8>) -> String {
        self.inner.differences(a, b)
    }

    fn picture(&self, s: Option<&Vec<u8>>) -> Picture {
        self.inner.picture(s)
    }
}

impl NativeSolve<Vec<u8>> for BrokenDecoder {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Vec<u8>>,
    ) -> Result<NativeAnswer, SolveError> {
        self.inner.solve_native(limits, found)
    }
}

impl CnfEncode<Vec<u8>> for BrokenDecoder {
    fn encode_cnf(
        &self,
        options: &EncodeOptions,
        purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Vec<u8>>, SolveError> {
        self.inner.encode_cnf(options, purpose)
    }
}

impl CoverEncode<Vec<u8>> for BrokenDecoder {
    fn encode_cover(&self, purpose: Purpose) -> Result<CoverEncoding<'_, Vec<u8>>, SolveError> {
        let honest = self.inner.encode_cover(purpose)?;
        let decode = honest.decode;
        Ok(CoverEncoding {
            matrix: honest.matrix,
            decode: Box::new(move |chosen| {
                let grid = decode(chosen)?;
                Ok(grid
                    .into_iter()
                    .map(|d| match d {
                        1 => 2,
                        2 => 1,
                        d => d,
                    })
                    .collect())
            }),
        })
    }
}

fn easy() -> Sudoku {
    let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    sudoku::parse(line).remove(0).unwrap().1
}

const BACKENDS: [Backend; 3] = [Backend::Native, Backend::Sat, Backend::Dlx];

#[test]
fn honest_backends_agree() {
    let runs = run_backends(&easy(), &BACKENDS, &Request::unique(), 1);
    let reports: Vec<_> = runs
        .iter()
        .map(|r| (r.backend, r.result.as_ref().expect("answers")))
        .collect();
    assert_eq!(agreement(&reports), Ok(()));
}

#[test]
fn the_checker_catches_a_broken_decoder() {
    let broken = BrokenDecoder {
        inner: easy(),
        lenient: false,
    };
    let runs = run_backends(&broken, &BACKENDS, &Request::unique(), 1);
    let dlx = runs.iter().find(|r| r.backend == Backend::Dlx).unwrap();
    match &dlx.result {
        Err(SolveError::CheckFailed { backend, reason }) => {
            assert_eq!(*backend, Backend::Dlx);
            assert!(reason.message.contains("was given"), "{reason}");
        }
        other => panic!(
            "expected a check failure, got {:?}",
            other.as_ref().map(|_| ())
        ),
    }
}

#[test]
fn agreement_catches_what_a_lenient_checker_lets_through() {
    let broken = BrokenDecoder {
        inner: easy(),
        lenient: true,
    };
    let runs = run_backends(&broken, &BACKENDS, &Request::unique(), 1);
    let reports: Vec<_> = runs
        .iter()
        .map(|r| (r.backend, r.result.as_ref().expect("lenient check passes")))
        .collect();
    let why = agreement(&reports).unwrap_err();
    assert!(why.message.contains("dlx"), "{why}");
    assert!(why.message.contains("different solutions"), "{why}");
}
