//! The sandbox market: filled in by the markets work.
