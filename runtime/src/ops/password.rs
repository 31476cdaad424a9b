//! `Bun.password`: argon2id/argon2i/argon2d PHC strings (RustCrypto's
//! argon2, Bun's defaults: 64 MiB, 2 passes, 32-byte salt and output) and
//! bcrypt (`$2b$`). Hashing takes tens of milliseconds on purpose, so the
//! promise forms run on the blocking pool.

use argon2::{Algorithm, Argon2, Params, PasswordHasher, PasswordVerifier, Version};
use boa_engine::{Context, JsResult, JsString, JsValue};
use sha2::Digest;

use super::{arg, bytes_arg, coded_error, string_arg};

const SALT_LEN: usize = 32;
const OUTPUT_LEN: usize = 32;
/// bcrypt reads at most this many bytes of a password.
const BCRYPT_MAX: usize = 72;

/// What [`Hash`] and [`Verify`] run.
pub(super) enum Job {
    Hash {
        password: Vec<u8>,
        algorithm: String,
        memory_cost: u32,
        time_cost: u32,
        cost: u32,
    },
    Verify {
        password: Vec<u8>,
        hash: String,
    },
}

pub(super) enum Answer {
    Hash(String),
    Verified(bool),
}

/// Why a verification failed, in Bun's words: the kind is its error name.
#[derive(Clone, Copy)]
pub(super) struct Failure {
    kind: &'static str,
    code: &'static str,
}

/// Bun hashes a bcrypt password longer than 72 bytes with SHA-512 first, so
/// that all of it counts.
fn bcrypt_input(password: &[u8]) -> Vec<u8> {
    if password.len() > BCRYPT_MAX {
        sha2::Sha512::digest(password).to_vec()
    } else {
        password.to_vec()
    }
}

fn argon2_algorithm(name: &str) -> Option<Algorithm> {
    Some(match name {
        "argon2id" => Algorithm::Argon2id,
        "argon2i" => Algorithm::Argon2i,
        "argon2d" => Algorithm::Argon2d,
        _ => return None,
    })
}

impl super::blocking::Work for Job {
    type Done = Result<Answer, Failure>;
    const NAME: &'static str = "password hashing";

    fn run(self) -> Result<Answer, Failure> {
        let job = self;
        let invalid = Failure {
            kind: "InvalidEncoding",
            code: "PASSWORD_INVALID_ENCODING",
        };
        match job {
            Job::Hash {
                password,
                algorithm,
                memory_cost,
                time_cost,
                cost,
            } => {
                if algorithm == "bcrypt" {
                    return bcrypt::hash(bcrypt_input(&password), cost)
                        .map(Answer::Hash)
                        .map_err(|_| invalid);
                }
                let algorithm = argon2_algorithm(&algorithm).ok_or(Failure {
                    kind: "UnsupportedAlgorithm",
                    code: "PASSWORD_UNSUPPORTED_ALGORITHM",
                })?;
                let params = Params::new(memory_cost, time_cost, 1, Some(OUTPUT_LEN))
                    .map_err(|_| invalid)?;
                let mut salt = [0u8; SALT_LEN];
                getrandom::fill(&mut salt).map_err(|_| Failure {
                    kind: "OutOfMemory",
                    code: "PASSWORD_OUT_OF_MEMORY",
                })?;
                Argon2::new(algorithm, Version::V0x13, params)
                    .hash_password_with_salt(&password, &salt)
                    .map(|hash| Answer::Hash(hash.to_string()))
                    .map_err(|_| invalid)
            }
            Job::Verify { password, hash } => {
                if hash.starts_with("$argon2") {
                    return match Argon2::default().verify_password(&password, hash.as_str()) {
                        Ok(()) => Ok(Answer::Verified(true)),
                        Err(argon2::password_hash::Error::PasswordInvalid) => {
                            Ok(Answer::Verified(false))
                        }
                        Err(_) => Err(invalid),
                    };
                }
                if ["$2a$", "$2b$", "$2y$"].iter().any(|p| hash.starts_with(p)) {
                    return bcrypt::verify(bcrypt_input(&password), &hash)
                        .map(Answer::Verified)
                        .map_err(|_| invalid);
                }
                Err(Failure {
                    kind: "UnsupportedAlgorithm",
                    code: "PASSWORD_UNSUPPORTED_ALGORITHM",
                })
            }
        }
    }

    fn finish(result: Self::Done, context: &mut Context) -> JsResult<JsValue> {
        match result {
            Ok(Answer::Hash(hash)) => Ok(JsValue::from(JsString::from(hash.as_str()))),
            Ok(Answer::Verified(ok)) => Ok(JsValue::from(ok)),
            Err(Failure { kind, code }) => Err(coded_error(
                format!("Password verification failed with error \"{kind}\""),
                code,
                None,
                context,
            )),
        }
    }
}

/// `passwordHash(password, algorithm, memoryCost, timeCost, cost)`
/// (`hashSync`) and `passwordHashAsync` (`hash`).
pub(super) struct Hash(Job);

/// `passwordVerify(password, hash)` (`verifySync`) and
/// `passwordVerifyAsync` (`verify`).
pub(super) struct Verify(Job);

/// Each op's work is the [`Job`] it read.
macro_rules! runs_as_job {
    ($($op:ident),*) => {$(
        impl super::blocking::Work for $op {
            type Done = <Job as super::blocking::Work>::Done;
            const NAME: &'static str = <Job as super::blocking::Work>::NAME;
            fn run(self) -> Self::Done {
                super::blocking::Work::run(self.0)
            }
            fn finish(done: Self::Done, context: &mut Context) -> JsResult<JsValue> {
                <Job as super::blocking::Work>::finish(done, context)
            }
        }
    )*};
}
runs_as_job!(Hash, Verify);

impl super::blocking::FromArgs for Hash {
    fn parse(args: &[JsValue], context: &mut Context) -> JsResult<Hash> {
        Ok(Hash(Job::Hash {
            password: bytes_arg(args, 0, context)?.unwrap_or_default(),
            algorithm: string_arg(args, 1, context)?,
            memory_cost: arg(args, 2).to_u32(context)?,
            time_cost: arg(args, 3).to_u32(context)?,
            cost: arg(args, 4).to_u32(context)?,
        }))
    }
}

impl super::blocking::FromArgs for Verify {
    fn parse(args: &[JsValue], context: &mut Context) -> JsResult<Verify> {
        Ok(Verify(Job::Verify {
            password: bytes_arg(args, 0, context)?.unwrap_or_default(),
            hash: string_arg(args, 1, context)?,
        }))
    }
}
