//! Where vaults live between calls and processes.
//!
//! [`VaultStore`] is the seam for scale-out (DESIGN.md §7): today an
//! in-memory store and an encrypted file store; a shared store (Redis) can
//! implement the same trait later so a session can move between replicas.
//!
//! The file format is `SLUICEV1 | kdf (1 byte) | salt (16) | nonce (12) |
//! AES-256-GCM(ciphertext || tag)`, the header bound as associated data. The
//! plaintext is the JSON [`Snapshot`].

use std::collections::HashMap;
use std::io::Write;
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use ring::aead::{AES_256_GCM, Aad, LessSafeKey, Nonce, UnboundKey};
use ring::pbkdf2;
use ring::rand::{SecureRandom, SystemRandom};

use super::{Snapshot, Vault, VaultError, decode_hex32};

const MAGIC: &[u8; 8] = b"SLUICEV1";
const HEADER_LEN: usize = 8 + 1 + 16 + 12;
const KDF_RAW: u8 = 0;
const KDF_PBKDF2: u8 = 1;
const PBKDF2_ROUNDS: u32 = 210_000;

/// Persists session vaults by session id.
pub trait VaultStore: Send + Sync {
    fn load(&self, session: &str) -> Result<Option<Vault>, VaultError>;
    fn save(&self, session: &str, vault: &Vault) -> Result<(), VaultError>;
}

/// Keeps snapshots in memory (tests, single-process gateways).
#[derive(Default)]
pub struct MemoryStore {
    map: Mutex<HashMap<String, Vec<u8>>>,
}

impl VaultStore for MemoryStore {
    fn load(&self, session: &str) -> Result<Option<Vault>, VaultError> {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        match map.get(session) {
            None => Ok(None),
            Some(bytes) => decode_snapshot(bytes, session).map(Some),
        }
    }

    fn save(&self, session: &str, vault: &Vault) -> Result<(), VaultError> {
        let bytes = serde_json::to_vec(&vault.snapshot()).map_err(|e| VaultError::File {
            path: session.to_string(),
            reason: e.to_string(),
        })?;
        self.map
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(session.to_string(), bytes);
        Ok(())
    }
}

/// The secret a vault file is encrypted under: a raw 256-bit key (64 hex
/// digits) or a passphrase stretched with PBKDF2-HMAC-SHA256.
#[derive(Clone)]
pub enum VaultKey {
    Raw([u8; 32]),
    Passphrase(String),
}

impl std::fmt::Debug for VaultKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("VaultKey(..)")
    }
}

impl VaultKey {
    /// Parses a secret: 64 hex digits are a raw key; anything else of at
    /// least 12 characters is a passphrase.
    pub fn parse(secret: &str) -> Result<Self, VaultError> {
        let secret = secret.trim();
        if let Some(k) = decode_hex32(secret) {
            return Ok(VaultKey::Raw(k));
        }
        if secret.chars().count() < 12 {
            return Err(VaultError::Key(
                "too short: use 64 hex digits (e.g. `openssl rand -hex 32`) or a passphrase of at least 12 characters".into(),
            ));
        }
        Ok(VaultKey::Passphrase(secret.to_string()))
    }

    fn derive(&self, salt: &[u8; 16]) -> (u8, [u8; 32]) {
        match self {
            VaultKey::Raw(k) => (KDF_RAW, *k),
            VaultKey::Passphrase(p) => {
                let mut out = [0u8; 32];
                pbkdf2::derive(
                    pbkdf2::PBKDF2_HMAC_SHA256,
                    NonZeroU32::new(PBKDF2_ROUNDS).expect("non-zero"),
                    salt,
                    p.as_bytes(),
                    &mut out,
                );
                (KDF_PBKDF2, out)
            }
        }
    }
}

fn file_err(path: &Path, reason: impl std::fmt::Display) -> VaultError {
    VaultError::File {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

fn decode_snapshot(bytes: &[u8], what: &str) -> Result<Vault, VaultError> {
    let snap: Snapshot = serde_json::from_slice(bytes).map_err(|e| VaultError::File {
        path: what.to_string(),
        reason: format!("invalid contents: {e}"),
    })?;
    Vault::from_snapshot(snap).map_err(|reason| VaultError::File {
        path: what.to_string(),
        reason,
    })
}

/// Encrypts a vault into the file format.
pub fn seal(vault: &Vault, key: &VaultKey) -> Result<Vec<u8>, VaultError> {
    seal_for(vault, key, b"")
}

/// Encrypts a vault bound to `context` (a session id): the file opens only
/// with the same context, so one session's file cannot stand in for another's.
pub fn seal_for(vault: &Vault, key: &VaultKey, context: &[u8]) -> Result<Vec<u8>, VaultError> {
    let rng = SystemRandom::new();
    let mut salt = [0u8; 16];
    let mut nonce = [0u8; 12];
    rng.fill(&mut salt).map_err(|_| VaultError::Random)?;
    rng.fill(&mut nonce).map_err(|_| VaultError::Random)?;
    let (kdf, k) = key.derive(&salt);
    let mut out = Vec::with_capacity(HEADER_LEN + 4096);
    out.extend_from_slice(MAGIC);
    out.push(kdf);
    out.extend_from_slice(&salt);
    out.extend_from_slice(&nonce);
    let mut body = serde_json::to_vec(&vault.snapshot()).map_err(|e| VaultError::File {
        path: "<vault>".into(),
        reason: e.to_string(),
    })?;
    let sealing = LessSafeKey::new(
        UnboundKey::new(&AES_256_GCM, &k).map_err(|_| VaultError::Key("bad key length".into()))?,
    );
    let aad = [&out[..HEADER_LEN], context].concat();
    sealing
        .seal_in_place_append_tag(
            Nonce::assume_unique_for_key(nonce),
            Aad::from(&aad[..]),
            &mut body,
        )
        .map_err(|_| VaultError::Key("encryption failed".into()))?;
    out.extend_from_slice(&body);
    Ok(out)
}

/// Decrypts the file format; `what` names the file in errors.
pub fn open(bytes: &[u8], key: &VaultKey, what: &Path) -> Result<Vault, VaultError> {
    open_for(bytes, key, what, b"")
}

/// Decrypts a file sealed with [`seal_for`] and the same `context`.
pub fn open_for(
    bytes: &[u8],
    key: &VaultKey,
    what: &Path,
    context: &[u8],
) -> Result<Vault, VaultError> {
    if bytes.len() < HEADER_LEN + 16 || &bytes[..8] != MAGIC {
        return Err(file_err(what, "not a Sluice vault file (bad header)"));
    }
    let kdf = bytes[8];
    let salt: [u8; 16] = bytes[9..25].try_into().expect("16 bytes");
    let nonce: [u8; 12] = bytes[25..37].try_into().expect("12 bytes");
    let (expected, k) = key.derive(&salt);
    if kdf != expected {
        return Err(VaultError::Key(format!(
            "vault file {} was written with a {}, but a {} was given",
            what.display(),
            kdf_name(kdf),
            kdf_name(expected)
        )));
    }
    let opening = LessSafeKey::new(
        UnboundKey::new(&AES_256_GCM, &k).map_err(|_| VaultError::Key("bad key length".into()))?,
    );
    let mut body = bytes[HEADER_LEN..].to_vec();
    let aad = [&bytes[..HEADER_LEN], context].concat();
    let plain = opening
        .open_in_place(
            Nonce::assume_unique_for_key(nonce),
            Aad::from(&aad[..]),
            &mut body,
        )
        .map_err(|_| VaultError::Decrypt {
            path: what.display().to_string(),
        })?;
    decode_snapshot(plain, &what.display().to_string())
}

fn kdf_name(kdf: u8) -> &'static str {
    match kdf {
        KDF_RAW => "raw 256-bit key",
        KDF_PBKDF2 => "passphrase",
        _ => "unknown key kind",
    }
}

/// Reads a vault file; `Ok(None)` if it does not exist.
pub fn read_file(path: &Path, key: &VaultKey) -> Result<Option<Vault>, VaultError> {
    match std::fs::read(path) {
        Ok(bytes) => open(&bytes, key, path).map(Some),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(file_err(path, e)),
    }
}

/// Writes a vault file atomically (a fresh temporary file, then rename),
/// mode 0600.
pub fn write_file(path: &Path, vault: &Vault, key: &VaultKey) -> Result<(), VaultError> {
    write_sealed(path, &seal(vault, key)?)
}

fn write_sealed(path: &Path, bytes: &[u8]) -> Result<(), VaultError> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| file_err(path, "not a file path"))?;
    let mut suffix = [0u8; 8];
    SystemRandom::new()
        .fill(&mut suffix)
        .map_err(|_| VaultError::Random)?;
    let suffix: String = suffix.iter().map(|b| format!("{b:02x}")).collect();
    let tmp = dir.join(format!(".{}.{suffix}.tmp", name.to_string_lossy()));
    let mut opts = std::fs::OpenOptions::new();
    // create_new: never follow or reuse an existing file (or symlink).
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    let mut f = opts.open(&tmp).map_err(|e| file_err(&tmp, e))?;
    let written = f.write_all(bytes).and_then(|_| f.sync_all());
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(file_err(&tmp, e));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        file_err(path, e)
    })
}

/// An exclusive lock on a vault file (held through `FILE.lock`), so two
/// processes continuing one session do not mint the same token ids for
/// different values. Released when dropped.
pub struct VaultLock {
    _file: std::fs::File,
}

impl VaultLock {
    pub fn acquire(path: &Path) -> Result<VaultLock, VaultError> {
        let lock_path = path.with_file_name(format!(
            "{}.lock",
            path.file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default()
        ));
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| file_err(&lock_path, e))?;
        file.lock().map_err(|e| file_err(&lock_path, e))?;
        Ok(VaultLock { _file: file })
    }
}

/// One encrypted file per session in a directory.
pub struct EncryptedFileStore {
    dir: PathBuf,
    key: VaultKey,
}

impl EncryptedFileStore {
    pub fn new(dir: impl Into<PathBuf>, key: VaultKey) -> Self {
        EncryptedFileStore {
            dir: dir.into(),
            key,
        }
    }

    fn path(&self, session: &str) -> Result<PathBuf, VaultError> {
        if session.is_empty()
            || !session
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(VaultError::Key(format!("invalid session id {session:?}")));
        }
        Ok(self.dir.join(format!("{session}.vault")))
    }
}

impl VaultStore for EncryptedFileStore {
    fn load(&self, session: &str) -> Result<Option<Vault>, VaultError> {
        let path = self.path(session)?;
        match std::fs::read(&path) {
            Ok(bytes) => open_for(&bytes, &self.key, &path, session.as_bytes()).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(file_err(&path, e)),
        }
    }

    fn save(&self, session: &str, vault: &Vault) -> Result<(), VaultError> {
        let path = self.path(session)?;
        write_sealed(&path, &seal_for(vault, &self.key, session.as_bytes())?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pii::Class;

    fn vault() -> (Vault, crate::vault::TokenRef) {
        let mut v = Vault::new().unwrap();
        let t = v.tokenize(&Class::Email, "a@b.com", "a@b.com", None);
        (v, t)
    }

    #[test]
    fn file_round_trip_raw_and_passphrase() {
        let dir = tempfile::tempdir().unwrap();
        for key in [
            VaultKey::parse(&"ab".repeat(32)).unwrap(),
            VaultKey::parse("correct horse battery").unwrap(),
        ] {
            let (v, t) = vault();
            let p = dir.path().join("s.vault");
            write_file(&p, &v, &key).unwrap();
            let w = read_file(&p, &key).unwrap().unwrap();
            assert_eq!(w.resolve(&t).unwrap(), "a@b.com");
        }
    }

    #[test]
    fn wrong_key_and_corruption_are_clear_errors() {
        let (v, _) = vault();
        let key = VaultKey::parse(&"ab".repeat(32)).unwrap();
        let mut bytes = seal(&v, &key).unwrap();
        let other = VaultKey::parse(&"cd".repeat(32)).unwrap();
        let p = Path::new("x.vault");
        assert!(matches!(
            open(&bytes, &other, p),
            Err(VaultError::Decrypt { .. })
        ));
        let n = bytes.len();
        bytes[n - 20] ^= 1;
        assert!(matches!(
            open(&bytes, &key, p),
            Err(VaultError::Decrypt { .. })
        ));
        assert!(matches!(
            open(b"garbage", &key, p),
            Err(VaultError::File { .. })
        ));
        let pass = VaultKey::parse("a long passphrase").unwrap();
        assert!(matches!(
            open(&seal(&v, &key).unwrap(), &pass, p),
            Err(VaultError::Key(_))
        ));
        assert!(VaultKey::parse("short").is_err());
    }

    #[test]
    fn stores() {
        let (v, t) = vault();
        let m = MemoryStore::default();
        m.save("s1", &v).unwrap();
        assert_eq!(
            m.load("s1").unwrap().unwrap().resolve(&t).unwrap(),
            "a@b.com"
        );
        assert!(m.load("s2").unwrap().is_none());
        let dir = tempfile::tempdir().unwrap();
        let f = EncryptedFileStore::new(dir.path(), VaultKey::parse(&"01".repeat(32)).unwrap());
        f.save("s1", &v).unwrap();
        assert_eq!(
            f.load("s1").unwrap().unwrap().resolve(&t).unwrap(),
            "a@b.com"
        );
        assert!(f.save("../evil", &v).is_err());
    }
}
