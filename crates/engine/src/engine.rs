//! Many books, one per instrument, behind one entry point.

use crate::book::Book;
use crate::events::Event;
use crate::types::{Command, Config};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Identifies an instrument (e.g. BTC-IDR) inside the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct InstrumentId(pub u32);

/// Errors of the multi-book entry point; per-order problems are events, not errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// No book for this instrument.
    #[error("unknown instrument {0:?}")]
    UnknownInstrument(InstrumentId),
    /// A book for this instrument exists already.
    #[error("instrument {0:?} already listed")]
    AlreadyListed(InstrumentId),
}

/// A set of independent books; a BTreeMap so iteration (e.g. snapshots) is deterministic.
#[derive(Clone, Debug, Default)]
pub struct Engine {
    books: BTreeMap<InstrumentId, Book>,
}

impl Engine {
    /// An engine with no instruments.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// Adds an empty book (or a restored one) for an instrument.
    pub fn list(&mut self, instrument: InstrumentId, book: Book) -> Result<(), EngineError> {
        if self.books.contains_key(&instrument) {
            return Err(EngineError::AlreadyListed(instrument));
        }
        self.books.insert(instrument, book);
        Ok(())
    }

    /// Adds an empty book with `config`.
    pub fn list_new(&mut self, instrument: InstrumentId, config: Config) -> Result<(), EngineError> {
        self.list(instrument, Book::new(config))
    }

    /// Runs a command on one instrument's book, appending events to `out`.
    pub fn execute(
        &mut self,
        instrument: InstrumentId,
        command: &Command,
        out: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        let book = self.books.get_mut(&instrument).ok_or(EngineError::UnknownInstrument(instrument))?;
        book.execute(command, out);
        Ok(())
    }

    /// One instrument's book.
    pub fn book(&self, instrument: InstrumentId) -> Option<&Book> {
        self.books.get(&instrument)
    }

    /// One instrument's book, mutable (for the typed command methods).
    pub fn book_mut(&mut self, instrument: InstrumentId) -> Option<&mut Book> {
        self.books.get_mut(&instrument)
    }

    /// Listed instruments in ascending order.
    pub fn instruments(&self) -> impl Iterator<Item = InstrumentId> + '_ {
        self.books.keys().copied()
    }
}
