//! node:crypto's `createCipheriv`/`createDecipheriv`: AES in the modes Bun
//! lists (CBC and ECB with PKCS#7 padding, CTR, CFB, OFB, GCM), fed a piece
//! at a time as Node's `update()` is.
//!
//! A cipher is a native object (`cipherInit`) that the prelude's Cipheriv
//! keeps; `cipherUpdate` hands out every byte it can at once, as OpenSSL
//! does, holding back only a partial block (and, when decrypting with
//! padding, the last whole block, which may be the padding). Failures are
//! OpenSSL's reason names (`BAD_DECRYPT`, …); the prelude turns them into
//! the errors Bun throws.
//!
//! GCM is built from the `ctr` and `ghash` crates (NIST SP 800-38D) because
//! `aes-gcm` seals only whole messages; a unit test below checks it against
//! `aes-gcm`.

use aes_gcm::aes::{Aes128, Aes192, Aes256};
use boa_engine::object::JsObject;
use boa_engine::{Context, JsData, JsResult, JsValue};
use boa_gc::{Finalize, Trace};
use cbc::cipher::array::Array;
use cbc::cipher::common::InnerInit;
use cbc::cipher::consts::U16;
use cbc::cipher::{
    BlockCipherEncrypt, BlockModeDecrypt, BlockModeEncrypt, BlockSizeUser, InnerIvInit, KeyInit,
    StreamCipher,
};
use ghash::GHash;
use ghash::universal_hash::UniversalHash;

use super::super::{arg, bytes_arg, bytes_value, error, string_arg, type_error};

const BLOCK: usize = 16;

/// What one block-mode step does to whole blocks, over either direction.
trait Blocks {
    fn run(&mut self, data: &mut [u8]);
}

struct Encrypting<M>(M);
struct Decrypting<M>(M);

impl<M: BlockModeEncrypt + BlockSizeUser<BlockSize = U16>> Blocks for Encrypting<M> {
    fn run(&mut self, data: &mut [u8]) {
        for chunk in data.chunks_exact_mut(BLOCK) {
            let block: &mut Array<u8, U16> = chunk.try_into().expect("a whole block");
            self.0.encrypt_block(block);
        }
    }
}

impl<M: BlockModeDecrypt + BlockSizeUser<BlockSize = U16>> Blocks for Decrypting<M> {
    fn run(&mut self, data: &mut [u8]) {
        for chunk in data.chunks_exact_mut(BLOCK) {
            let block: &mut Array<u8, U16> = chunk.try_into().expect("a whole block");
            self.0.decrypt_block(block);
        }
    }
}

/// A mode that turns any number of bytes into as many (CTR, OFB, CFB).
trait Stream {
    fn run(&mut self, data: &mut [u8]);
}

struct KeyStream<S>(S);

impl<S: StreamCipher> Stream for KeyStream<S> {
    fn run(&mut self, data: &mut [u8]) {
        self.0.apply_keystream(data);
    }
}

impl<C: BlockCipherEncrypt + BlockSizeUser<BlockSize = U16>> Stream for cfb_mode::BufEncryptor<C> {
    fn run(&mut self, data: &mut [u8]) {
        self.encrypt(data);
    }
}

impl<C: BlockCipherEncrypt + BlockSizeUser<BlockSize = U16>> Stream for cfb_mode::BufDecryptor<C> {
    fn run(&mut self, data: &mut [u8]) {
        self.decrypt(data);
    }
}

struct Padded {
    mode: Box<dyn Blocks>,
    /// Input not yet run: less than a block, or when decrypting with
    /// padding, up to one whole block more.
    pending: Vec<u8>,
    padding: bool,
}

struct Gcm {
    ctr: Box<dyn Stream>,
    ghash: GHash,
    /// E(K, J0), which the GHASH result is masked with to make the tag.
    mask: [u8; BLOCK],
    aad: Vec<u8>,
    aad_len: u64,
    started: bool,
    /// Ciphertext not yet hashed: less than a block.
    partial: Vec<u8>,
    text_len: u64,
    tag: Option<Vec<u8>>,
}

impl Gcm {
    fn start(&mut self) {
        if !self.started {
            self.started = true;
            self.aad_len = self.aad.len() as u64;
            self.ghash.update_padded(&std::mem::take(&mut self.aad));
        }
    }

    fn hash(&mut self, ciphertext: &[u8]) {
        self.text_len += ciphertext.len() as u64;
        self.partial.extend_from_slice(ciphertext);
        let whole = self.partial.len() / BLOCK * BLOCK;
        for chunk in self.partial[..whole].chunks_exact(BLOCK) {
            let block: &Array<u8, U16> = chunk.try_into().expect("a whole block");
            self.ghash.update(std::slice::from_ref(block));
        }
        self.partial.drain(..whole);
    }

    fn tag(&mut self) -> [u8; BLOCK] {
        self.start();
        let mut ghash = self.ghash.clone();
        ghash.update_padded(&self.partial);
        let mut lengths = [0u8; BLOCK];
        lengths[..8].copy_from_slice(&(self.aad_len * 8).to_be_bytes());
        lengths[8..].copy_from_slice(&(self.text_len * 8).to_be_bytes());
        ghash.update(&[Array::from(lengths)]);
        let mut tag: [u8; BLOCK] = ghash.finalize().into();
        for (t, m) in tag.iter_mut().zip(self.mask) {
            *t ^= m;
        }
        tag
    }
}

enum Mode {
    Padded(Padded),
    Stream(Box<dyn Stream>),
    Gcm(Box<Gcm>),
}

#[derive(Trace, Finalize, JsData)]
struct NodeCipher {
    #[unsafe_ignore_trace]
    mode: Mode,
    #[unsafe_ignore_trace]
    encrypt: bool,
    /// GCM's tag length: the `authTagLength` option, else 16.
    #[unsafe_ignore_trace]
    tag_length: usize,
}

/// The ciphers `crypto.getCiphers()` lists, each with its key length;
/// a name is matched case-blind, and `aes128` is `aes-128-cbc` as in OpenSSL.
pub(in crate::ops) const CIPHERS: &[(&str, usize)] = &[
    ("aes-128-cbc", 16),
    ("aes-128-cfb", 16),
    ("aes-128-ctr", 16),
    ("aes-128-ecb", 16),
    ("aes-128-gcm", 16),
    ("aes-128-ofb", 16),
    ("aes-192-cbc", 24),
    ("aes-192-ctr", 24),
    ("aes-192-ecb", 24),
    ("aes-192-gcm", 24),
    ("aes-192-ofb", 24),
    ("aes-256-cbc", 32),
    ("aes-256-cfb", 32),
    ("aes-256-ctr", 32),
    ("aes-256-ecb", 32),
    ("aes-256-gcm", 32),
    ("aes-256-ofb", 32),
];

/// The GCM tag lengths OpenSSL accepts, in bytes.
fn valid_tag_length(length: usize) -> bool {
    matches!(length, 4 | 8 | 12..=16)
}

/// A mode run over one AES key size.
fn build<C>(mode: &str, encrypt: bool, key: &[u8], iv: &[u8]) -> Result<Mode, &'static str>
where
    C: BlockCipherEncrypt
        + cbc::cipher::BlockCipherDecrypt
        + BlockSizeUser<BlockSize = U16>
        + KeyInit
        + Clone
        + 'static,
{
    let aes = C::new_from_slice(key).map_err(|_| "INVALID_KEY_LENGTH")?;
    let block_iv = || -> Result<Array<u8, U16>, &'static str> {
        Array::try_from(iv).map_err(|_| "INVALID_IV")
    };
    let padded = |mode: Box<dyn Blocks>| {
        Mode::Padded(Padded {
            mode,
            pending: Vec::new(),
            padding: true,
        })
    };
    Ok(match mode {
        "cbc" if encrypt => padded(Box::new(Encrypting(cbc::Encryptor::<C>::inner_iv_init(
            aes,
            &block_iv()?,
        )))),
        "cbc" => padded(Box::new(Decrypting(cbc::Decryptor::<C>::inner_iv_init(
            aes,
            &block_iv()?,
        )))),
        "ecb" => {
            // ECB takes no IV; Node accepts null or an empty one.
            if !iv.is_empty() {
                return Err("INVALID_IV");
            }
            if encrypt {
                padded(Box::new(Encrypting(ecb::Encryptor::<C>::inner_init(aes))))
            } else {
                padded(Box::new(Decrypting(ecb::Decryptor::<C>::inner_init(aes))))
            }
        }
        "ctr" => Mode::Stream(Box::new(KeyStream(ctr::Ctr128BE::<C>::from_core(
            ctr::CtrCore::inner_iv_init(aes, &block_iv()?),
        )))),
        "ofb" => Mode::Stream(Box::new(KeyStream(ofb::Ofb::<C>::from_core(
            ofb::OfbCore::inner_iv_init(aes, &block_iv()?),
        )))),
        "cfb" if encrypt => Mode::Stream(Box::new(cfb_mode::BufEncryptor::<C>::inner_iv_init(
            aes,
            &block_iv()?,
        ))),
        "cfb" => Mode::Stream(Box::new(cfb_mode::BufDecryptor::<C>::inner_iv_init(
            aes,
            &block_iv()?,
        ))),
        "gcm" => {
            if iv.is_empty() {
                return Err("INVALID_IV");
            }
            let mut h = Array::<u8, U16>::default();
            aes.encrypt_block(&mut h);
            let ghash = GHash::new(&h);
            // J0: the IV and a 32-bit counter of 1 for a 96-bit IV, else
            // GHASH of the IV and its length in bits.
            let j0: Array<u8, U16> = if iv.len() == 12 {
                let mut j0 = [0u8; BLOCK];
                j0[..12].copy_from_slice(iv);
                j0[15] = 1;
                Array::from(j0)
            } else {
                let mut hash = ghash.clone();
                hash.update_padded(iv);
                let mut lengths = [0u8; BLOCK];
                lengths[8..].copy_from_slice(&(iv.len() as u64 * 8).to_be_bytes());
                hash.update(&[Array::from(lengths)]);
                hash.finalize()
            };
            let mut mask = j0;
            aes.encrypt_block(&mut mask);
            let mut counter = ctr::Ctr32BE::<C>::from_core(ctr::CtrCore::inner_iv_init(aes, &j0));
            // The first counter block made the mask; text starts at J0 + 1.
            counter.apply_keystream(&mut [0u8; BLOCK]);
            Mode::Gcm(Box::new(Gcm {
                ctr: Box::new(KeyStream(counter)),
                ghash,
                mask: mask.into(),
                aad: Vec::new(),
                aad_len: 0,
                started: false,
                partial: Vec::new(),
                text_len: 0,
                tag: None,
            }))
        }
        _ => return Err("UNKNOWN_CIPHER"),
    })
}

/// `cipherInit(name, encrypt, key, iv, authTagLength?)` → a cipher, or an
/// error whose message is `UNKNOWN_CIPHER`, `INVALID_KEY_LENGTH`,
/// `INVALID_IV` or `INVALID_AUTH_TAG`.
pub(in crate::ops) fn cipher_init(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let name = string_arg(args, 0, context)?.to_ascii_lowercase();
    let encrypt = arg(args, 1).to_boolean();
    let key = bytes_arg(args, 2, context)?.unwrap_or_default();
    let iv = bytes_arg(args, 3, context)?.unwrap_or_default();
    let tag_length = match arg(args, 4).as_number() {
        Some(length) => length as usize,
        None => BLOCK,
    };
    let name = match name.as_str() {
        "aes128" => "aes-128-cbc".to_string(),
        "aes192" => "aes-192-cbc".to_string(),
        "aes256" => "aes-256-cbc".to_string(),
        _ => name,
    };
    let Some(&(_, key_length)) = CIPHERS.iter().find(|(known, _)| *known == name) else {
        return Err(error("UNKNOWN_CIPHER"));
    };
    if key.len() != key_length {
        return Err(error("INVALID_KEY_LENGTH"));
    }
    let mode_name = &name[8..];
    if mode_name == "gcm" && !valid_tag_length(tag_length) {
        return Err(error("INVALID_AUTH_TAG"));
    }
    let mode = match key_length {
        16 => build::<Aes128>(mode_name, encrypt, &key, &iv),
        24 => build::<Aes192>(mode_name, encrypt, &key, &iv),
        _ => build::<Aes256>(mode_name, encrypt, &key, &iv),
    }
    .map_err(error)?;
    let cipher = NodeCipher {
        mode,
        encrypt,
        tag_length,
    };
    Ok(JsObject::from_proto_and_data(None, cipher).into())
}

fn with_cipher<T>(
    args: &[JsValue],
    work: impl FnOnce(&mut NodeCipher) -> Result<T, &'static str>,
) -> JsResult<T> {
    let handle = arg(args, 0)
        .as_object()
        .ok_or_else(|| type_error("cipher: no handle"))?;
    let mut cipher = handle
        .downcast_mut::<NodeCipher>()
        .ok_or_else(|| type_error("cipher: not a cipher"))?;
    work(&mut cipher).map_err(error)
}

/// `cipherUpdate(cipher, data)` → the bytes this much input completes.
pub(in crate::ops) fn cipher_update(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let data = bytes_arg(args, 1, context)?.unwrap_or_default();
    let out = with_cipher(args, |cipher| Ok(update(cipher, data)))?;
    bytes_value(&out, context)
}

fn update(cipher: &mut NodeCipher, mut data: Vec<u8>) -> Vec<u8> {
    let encrypt = cipher.encrypt;
    match &mut cipher.mode {
        Mode::Stream(stream) => {
            stream.run(&mut data);
            data
        }
        Mode::Gcm(gcm) => {
            gcm.start();
            if !encrypt {
                gcm.hash(&data);
            }
            gcm.ctr.run(&mut data);
            if encrypt {
                gcm.hash(&data);
            }
            data
        }
        Mode::Padded(padded) => {
            padded.pending.extend_from_slice(&data);
            let len = padded.pending.len();
            // A decryption with padding keeps its last whole block for final().
            let ready = if !encrypt && padded.padding && len % BLOCK == 0 {
                len.saturating_sub(BLOCK)
            } else {
                len / BLOCK * BLOCK
            };
            let mut out: Vec<u8> = padded.pending.drain(..ready).collect();
            padded.mode.run(&mut out);
            out
        }
    }
}

/// `cipherFinal(cipher)` → the last bytes; fails with `BAD_DECRYPT`,
/// `WRONG_FINAL_BLOCK_LENGTH`, `DATA_NOT_MULTIPLE_OF_BLOCK_LENGTH`, or
/// `AUTH` for a GCM tag that is missing or does not match.
pub(in crate::ops) fn cipher_final(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let out = with_cipher(args, finish)?;
    bytes_value(&out, context)
}

fn finish(cipher: &mut NodeCipher) -> Result<Vec<u8>, &'static str> {
    let encrypt = cipher.encrypt;
    let tag_length = cipher.tag_length;
    match &mut cipher.mode {
        Mode::Stream(_) => Ok(Vec::new()),
        Mode::Gcm(gcm) => {
            let tag = gcm.tag();
            if encrypt {
                gcm.tag = Some(tag[..tag_length].to_vec());
                return Ok(Vec::new());
            }
            let expected = gcm.tag.as_deref().ok_or("AUTH")?;
            // Compared in constant time: the tag is what a forger guesses.
            use subtle::ConstantTimeEq;
            if bool::from(tag[..expected.len()].ct_eq(expected)) {
                Ok(Vec::new())
            } else {
                Err("AUTH")
            }
        }
        Mode::Padded(padded) => {
            let mut rest = std::mem::take(&mut padded.pending);
            if !padded.padding {
                if !rest.is_empty() {
                    return Err("DATA_NOT_MULTIPLE_OF_BLOCK_LENGTH");
                }
                return Ok(rest);
            }
            if encrypt {
                let pad = BLOCK - rest.len() % BLOCK;
                rest.resize(rest.len() + pad, pad as u8);
                padded.mode.run(&mut rest);
                return Ok(rest);
            }
            if rest.len() != BLOCK {
                return Err("WRONG_FINAL_BLOCK_LENGTH");
            }
            padded.mode.run(&mut rest);
            let pad = usize::from(rest[BLOCK - 1]);
            if pad == 0 || pad > BLOCK || rest[BLOCK - pad..].iter().any(|&b| usize::from(b) != pad)
            {
                return Err("BAD_DECRYPT");
            }
            rest.truncate(BLOCK - pad);
            Ok(rest)
        }
    }
}

/// `cipherSet(cipher, what, value)`: `aad` (bytes; false once text has
/// gone through or for a mode without it), `tag` (the tag a decryption
/// checks; false for a mode without one), `padding` (boolean), `getTag`
/// (the tag an encryption made, or undefined).
pub(in crate::ops) fn cipher_set(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let what = string_arg(args, 1, context)?;
    let value = arg(args, 2).clone();
    let bytes = bytes_arg(args, 2, context)?.unwrap_or_default();
    let tag = with_cipher(args, |cipher| {
        let encrypt = cipher.encrypt;
        let outcome = match (what.as_str(), &mut cipher.mode) {
            ("aad", Mode::Gcm(gcm)) if !gcm.started => {
                gcm.aad.extend_from_slice(&bytes);
                true
            }
            ("tag", Mode::Gcm(gcm)) if !encrypt && gcm.tag.is_none() => {
                gcm.tag = Some(bytes);
                true
            }
            ("padding", Mode::Padded(padded)) => {
                padded.padding = value.to_boolean();
                true
            }
            ("padding", _) => true,
            ("getTag", Mode::Gcm(gcm)) if encrypt => return Ok(gcm.tag.clone().map(Ok)),
            ("getTag", _) => return Ok(None),
            _ => false,
        };
        Ok(Some(Err(outcome)))
    })?;
    match tag {
        Some(Ok(tag)) => bytes_value(&tag, context),
        Some(Err(outcome)) => Ok(JsValue::from(outcome)),
        None => Ok(JsValue::undefined()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aes_gcm::aead::AeadInOut;

    fn gcm_seal(key: &[u8], iv: &[u8], aad: &[u8], pieces: &[&[u8]]) -> (Vec<u8>, [u8; 16]) {
        let mut cipher = NodeCipher {
            mode: build::<Aes128>("gcm", true, key, iv).unwrap(),
            encrypt: true,
            tag_length: 16,
        };
        if let Mode::Gcm(gcm) = &mut cipher.mode {
            gcm.aad.extend_from_slice(aad);
        }
        let mut out = Vec::new();
        for piece in pieces {
            out.extend(update(&mut cipher, piece.to_vec()));
        }
        out.extend(finish(&mut cipher).unwrap());
        let Mode::Gcm(gcm) = &cipher.mode else {
            unreachable!()
        };
        (out, gcm.tag.clone().unwrap().try_into().unwrap())
    }

    #[test]
    fn streamed_gcm_matches_aes_gcm_in_any_pieces() {
        let key = [7u8; 16];
        let iv = [9u8; 12];
        let text: Vec<u8> = (0..77u8).collect();
        let aad = b"header bytes that are not a whole block";
        let whole = aes_gcm::Aes128Gcm::new_from_slice(&key).unwrap();
        let mut expected = text.clone();
        let tag = whole
            .encrypt_inout_detached(&iv.into(), aad, expected.as_mut_slice().into())
            .unwrap();
        for split in [0, 1, 15, 16, 17, 40, 77] {
            let (out, got) = gcm_seal(&key, &iv, aad, &[&text[..split], &text[split..]]);
            assert_eq!(out, expected, "split at {split}");
            assert_eq!(got.as_slice(), tag.as_slice(), "split at {split}");
        }
    }

    #[test]
    fn cbc_decryption_holds_back_the_padding_block() {
        let key = [1u8; 16];
        let iv = [2u8; 16];
        let mut enc = NodeCipher {
            mode: build::<Aes128>("cbc", true, &key, &iv).unwrap(),
            encrypt: true,
            tag_length: 16,
        };
        let mut sealed = update(&mut enc, b"sixteen bytes!!!".to_vec());
        sealed.extend(finish(&mut enc).unwrap());
        assert_eq!(sealed.len(), 32);
        let mut dec = NodeCipher {
            mode: build::<Aes128>("cbc", false, &key, &iv).unwrap(),
            encrypt: false,
            tag_length: 16,
        };
        let first = update(&mut dec, sealed[..16].to_vec());
        assert!(first.is_empty());
        let mut plain = update(&mut dec, sealed[16..].to_vec());
        plain.extend(finish(&mut dec).unwrap());
        assert_eq!(plain, b"sixteen bytes!!!");
        sealed[31] ^= 1;
        let mut dec = NodeCipher {
            mode: build::<Aes128>("cbc", false, &key, &iv).unwrap(),
            encrypt: false,
            tag_length: 16,
        };
        update(&mut dec, sealed);
        assert_eq!(finish(&mut dec).err(), Some("BAD_DECRYPT"));
    }
}
