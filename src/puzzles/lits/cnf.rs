//! LITS's own clauses, added to the layer's formula of the model (the 2×2 windows) before
//! connectivity's: one function per family, numbered as in `encodings/lits.md`.
//!
//! - `T1`: one variable `p` per placement; exactly one placement a room.
//! - `T2`: a placement shades its four cells; a shaded cell is covered by a chosen
//!   placement of its room (so each room holds exactly the chosen tetromino's cells).
//! - `T3`: one variable `s[room][shape]` per room and shape that fits it, true iff a chosen
//!   placement of that room has that shape.
//! - `T4`: for two cells side by side in different rooms and a shape both rooms can hold:
//!   not both shaded with both rooms of that shape.
//!
//! Invariant: the variables come after the model's `x` (the projection), and every model of
//! the formula is decided by its `x` values (a room's four shaded cells name its placement).

use super::{Lits, SHADED, Shape};
use crate::cnf::{Cnf, Lit};
use crate::constraints::cnf::VarMap;

impl Lits {
    /// Families `T1`–`T4` (module docs) over `map`'s `x` variables and fresh ones.
    pub(super) fn tetromino_clauses(&self, cnf: &mut Cnf, map: &VarMap) {
        let shaded = |cell: usize| map.lit(cell, SHADED).expect("every cell is 0/1");
        let chosen: Vec<Lit> = self
            .placements
            .iter()
            .map(|_| cnf.new_var().positive())
            .collect();
        one_placement_a_room(self, cnf, &chosen);
        shaded_iff_covered(self, cnf, &chosen, &shaded);
        let shapes = room_shapes(self, cnf, &chosen);
        same_shapes_apart(self, cnf, &shapes, &shaded);
    }
}

/// `T1`: exactly one placement a room (the empty clause for a room with none).
fn one_placement_a_room(p: &Lits, cnf: &mut Cnf, chosen: &[Lit]) {
    let mut by_room = vec![Vec::new(); p.room_count()];
    for (i, q) in p.placements.iter().enumerate() {
        by_room[q.room].push(chosen[i]);
    }
    cnf.begin_family("T1 one tetromino a room");
    for lits in &by_room {
        cnf.exactly_one(lits);
    }
    cnf.end_family();
}

/// `T2`: `p → x[c]` for a placement's cells; `x[c] → ∨ p` over the placements covering `c`.
fn shaded_iff_covered(p: &Lits, cnf: &mut Cnf, chosen: &[Lit], shaded: &dyn Fn(usize) -> Lit) {
    let mut covering = vec![Vec::new(); p.rooms.len()];
    cnf.begin_family("T2 shaded iff covered");
    for (i, q) in p.placements.iter().enumerate() {
        for &cell in &q.cells {
            cnf.add_clause(&[!chosen[i], shaded(cell)]);
            covering[cell].push(chosen[i]);
        }
    }
    for (cell, lits) in covering.iter().enumerate() {
        let mut clause = Vec::with_capacity(lits.len() + 1);
        clause.push(!shaded(cell));
        clause.extend_from_slice(lits);
        cnf.add_clause(&clause);
    }
    cnf.end_family();
}

/// `T3`: `s[room][shape] ↔ ∨ p` over the room's placements of that shape; `None` where the
/// room holds no placement of the shape. Indexed `room * 4 + shape`.
fn room_shapes(p: &Lits, cnf: &mut Cnf, chosen: &[Lit]) -> Vec<Option<Lit>> {
    let index = |s: Shape| Shape::ALL.iter().position(|&t| t == s).unwrap_or(0);
    let mut of = vec![Vec::new(); p.room_count() * 4];
    for (i, q) in p.placements.iter().enumerate() {
        of[q.room * 4 + index(q.shape)].push(chosen[i]);
    }
    cnf.begin_family("T3 room shape");
    let shapes = of
        .iter()
        .map(|lits| {
            if lits.is_empty() {
                return None;
            }
            let s = cnf.new_var().positive();
            for &l in lits {
                cnf.add_clause(&[!l, s]);
            }
            let mut back = vec![!s];
            back.extend_from_slice(lits);
            cnf.add_clause(&back);
            Some(s)
        })
        .collect();
    cnf.end_family();
    shapes
}

/// `T4`: `¬x[a] ∨ ¬x[b] ∨ ¬s[A][t] ∨ ¬s[B][t]` for cells `a`, `b` side by side in rooms
/// `A ≠ B` and each shape `t` both rooms can hold.
fn same_shapes_apart(
    p: &Lits,
    cnf: &mut Cnf,
    shapes: &[Option<Lit>],
    shaded: &dyn Fn(usize) -> Lit,
) {
    let (w, h) = p.size();
    cnf.begin_family("T4 same shapes apart");
    for a in 0..w * h {
        let right = (a % w + 1 < w).then_some(a + 1);
        let down = (a / w + 1 < h).then_some(a + w);
        for b in [right, down].into_iter().flatten() {
            let (ra, rb) = (p.rooms[a], p.rooms[b]);
            if ra == rb {
                continue;
            }
            for t in 0..4 {
                if let (Some(sa), Some(sb)) = (shapes[ra * 4 + t], shapes[rb * 4 + t]) {
                    cnf.add_clause(&[!shaded(a), !shaded(b), !sa, !sb]);
                }
            }
        }
    }
    cnf.end_family();
}
