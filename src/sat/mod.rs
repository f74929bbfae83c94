//! SAT backends.
