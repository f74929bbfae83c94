//! Dancing Links.
