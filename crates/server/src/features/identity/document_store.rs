//! Where identity documents' bytes are kept: files outside the database, named by document id.

use std::path::{Path, PathBuf};

/// Files under one directory, named by document id. An object store (S3 and the like) can take
/// its place behind the same two calls.
#[derive(Clone, Debug)]
pub struct DocumentStore {
    root: PathBuf,
}

impl DocumentStore {
    /// A store rooted at `root` (created on first write).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    fn path_of(&self, id: &str) -> PathBuf {
        self.root.join(id)
    }

    /// Writes the bytes under `id`: to a temporary name first, then renamed, so a reader never sees
    /// half a file and a crash leaves no document under its real name.
    pub async fn put(&self, id: &str, bytes: &[u8]) -> std::io::Result<()> {
        tokio::fs::create_dir_all(&self.root).await?;
        let temporary = self.root.join(format!(".{id}.partial"));
        tokio::fs::write(&temporary, bytes).await?;
        restrict(&temporary).await?;
        tokio::fs::rename(&temporary, self.path_of(id)).await
    }

    /// The bytes stored under `id`.
    pub async fn get(&self, id: &str) -> std::io::Result<Vec<u8>> {
        tokio::fs::read(self.path_of(id)).await
    }

    /// Removes what `id` names, if anything (a submission that did not go through).
    pub async fn remove(&self, id: &str) {
        let _ = tokio::fs::remove_file(self.path_of(id)).await;
    }
}

/// Documents are personal data: readable by the server's own user only.
async fn restrict(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tokio::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).await?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}
