//! Keys, signatures and ciphers fed malformed input: every case fails as an
//! error a tool can catch, and the host goes on serving calls. (What the
//! APIs return for good input is compared with Bun by the parity suite.)

use crate::common::*;
use serde_json::json;

#[test]
fn malformed_keys_signatures_and_parameters_fail_as_catchable_errors() {
    on_big_stack(|| {
        let mut host = load_fixture("crypto_hostile", test_limits());
        let expected = json!({
            "pkcs8Garbage": "threw DataError",
            "spkiTruncated": "threw DataError",
            "rawPointGarbage": "threw DataError",
            "jwkHuge": "threw DataError",
            "jwkWrongTypes": "threw DataError",
            "jwkPrivateZero": "threw DataError",
            "pemBadBase64": "threw Error",
            "pemNoEnd": "threw Error",
            "pemTruncated": "threw Error",
            "pemPkcs1Garbage": "threw Error",
            // A body that is no EncryptedPrivateKeyInfo: Bun's DECODE_ERROR.
            "pemEncrypted": "threw Error",
            "hmacShortSignature": "returned false",
            "verifyNoKey": "threw TypeError",
            "gcmShortCiphertext": "threw OperationError",
            "gcmOddIv": "threw NotSupportedError",
            "scryptZeroBlock": "threw RangeError",
            "scryptHugeCost": "threw RangeError",
            "pbkdf2HugeLength": "threw Error",
        });
        assert_eq!(call_json(&mut host, "crypto_hostile", json!({})), expected);
        // The same host still works after all of that.
        assert_eq!(call_json(&mut host, "crypto_hostile", json!({})), expected);
    });
}
