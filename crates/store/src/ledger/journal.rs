//! Journal rows written together (issue 12): entries whose balances a transaction has already
//! applied wait here, and go to the database in two multi-row statements before the commit instead
//! of two statements each.

use sqlx::{Any, Transaction};

use super::{LedgerError, NewEntry, Posting};
use crate::placeholders;
use crate::write_set::{Part, WriteSet};

/// Rows of one statement at most: both backends take this many bound values and more.
const ROWS_PER_STATEMENT: usize = 500;

/// Entries applied to the balances whose rows are still to be written ([`super::post_deferred`]).
#[derive(Debug, Default)]
pub struct Journal {
    entries: Vec<(String, NewEntry)>,
}

impl Journal {
    /// How many entries wait (a mark to [`Journal::truncate`] back to).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when nothing waits.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets the entries added after the first `mark`: their work was rolled back to a savepoint.
    pub fn truncate(&mut self, mark: usize) {
        self.entries.truncate(mark);
    }

    /// Adds an applied entry, its postings in account order; returns the id it will be stored under.
    pub(super) fn add(&mut self, mut entry: NewEntry) -> String {
        let id = uuid::Uuid::now_v7().to_string();
        entry.postings.sort_by(|a, b| a.account_id.cmp(&b.account_id));
        self.entries.push((id.clone(), entry));
        id
    }

    /// Writes every waiting entry and its postings inside `tx`, then forgets them.
    pub async fn write(&mut self, tx: &mut Transaction<'static, Any>) -> Result<(), LedgerError> {
        let mut set = WriteSet::default();
        set.extend(self.parts());
        set.run(tx).await?;
        self.clear();
        Ok(())
    }

    /// The statements that write every waiting entry and its postings, for a transaction's
    /// [`WriteSet`]; [`Self::clear`] once they ran.
    pub fn parts(&self) -> Vec<Part<'_>> {
        let mut parts: Vec<Part<'_>> = self.entries.chunks(ROWS_PER_STATEMENT).map(entries_part).collect();
        let postings: Vec<(&str, &Posting)> = self
            .entries
            .iter()
            .flat_map(|(id, entry)| entry.postings.iter().map(move |posting| (id.as_str(), posting)))
            .collect();
        parts.extend(postings_parts(&postings));
        parts
    }

    /// Forgets every waiting entry: they are written.
    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

fn entries_part(chunk: &[(String, NewEntry)]) -> Part<'_> {
    let sql = format!(
        "insert into journal_entries (id, reason, event_id, memo, created_at_ms) values {}",
        placeholders::rows(chunk.len(), 5)
    );
    let mut part = Part::new(sql);
    for (id, entry) in chunk {
        part = part
            .bind(id)
            .bind(entry.reason.as_str())
            .bind(&entry.event_id)
            .bind(entry.memo.as_deref())
            .bind(entry.at_ms);
    }
    part
}

/// Records postings, each with its entry's id, in as few statements as the rows allow.
pub(super) async fn insert_postings(
    tx: &mut Transaction<'static, Any>,
    postings: &[(&str, &Posting)],
) -> Result<(), LedgerError> {
    let mut set = WriteSet::default();
    set.extend(postings_parts(postings));
    Ok(set.run(tx).await?)
}

/// The statements recording `postings`, each with its entry's id.
fn postings_parts<'a>(postings: &[(&'a str, &'a Posting)]) -> Vec<Part<'a>> {
    postings
        .chunks(ROWS_PER_STATEMENT)
        .map(|chunk| {
            let sql = format!(
                "insert into postings (entry_id, account_id, currency, amount) values {}",
                placeholders::rows(chunk.len(), 4)
            );
            chunk.iter().fold(Part::new(sql), |part, (entry_id, posting)| {
                part.bind(*entry_id).bind(&posting.account_id).bind(&posting.currency).bind(posting.amount)
            })
        })
        .collect()
}
