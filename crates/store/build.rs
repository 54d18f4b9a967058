//! `sqlx::migrate!` embeds the migration folders at compile time; without this, adding a migration
//! file would not rebuild the crate and a stale binary would miss the new tables.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
