//! CNF builder and DIMACS.
