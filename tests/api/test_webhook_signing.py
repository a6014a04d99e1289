"""Signing webhook bodies and checking them as a receiver does (pure)."""

import hashlib
import hmac

from api.webhooks.signing import sign, verify

SECRET = "whsec_test"
BODY = '{"event":"ping","id":"ping:1"}'


def test_the_signature_is_the_hex_hmac_of_timestamp_dot_body():
    expected = hmac.new(SECRET.encode(), f"1700000000.{BODY}".encode(), hashlib.sha256).hexdigest()
    assert sign(SECRET, 1700000000, BODY) == f"v1={expected}"


def test_bytes_and_text_bodies_sign_alike():
    assert sign(SECRET, 5, BODY) == sign(SECRET, 5, BODY.encode())


def test_a_fresh_signature_verifies():
    signature = sign(SECRET, 1000, BODY)
    assert verify(SECRET, 1000, BODY, signature, now=1000)
    assert verify(SECRET, "1000", BODY.encode(), signature, now=1299)


def test_it_refuses_another_secret_body_or_timestamp():
    signature = sign(SECRET, 1000, BODY)
    assert not verify("whsec_other", 1000, BODY, signature, now=1000)
    assert not verify(SECRET, 1000, BODY + " ", signature, now=1000)
    assert not verify(SECRET, 1001, BODY, signature, now=1001)


def test_it_refuses_a_replay_outside_the_tolerance():
    signature = sign(SECRET, 1000, BODY)
    assert not verify(SECRET, 1000, BODY, signature, now=1301)
    assert not verify(SECRET, 1000, BODY, signature, now=699)  # from the future too
    assert verify(SECRET, 1000, BODY, signature, now=1600, tolerance=600)


def test_it_refuses_malformed_headers():
    signature = sign(SECRET, 1000, BODY)
    assert not verify(SECRET, "soon", BODY, signature, now=1000)
    assert not verify(SECRET, 1000, BODY, signature.removeprefix("v1="), now=1000)
    assert not verify(SECRET, 1000, BODY, "", now=1000)


def test_it_accepts_the_v1_among_several_schemes():
    signature = sign(SECRET, 1000, BODY)
    assert verify(SECRET, 1000, BODY, f"v2=abc, {signature}", now=1000)
