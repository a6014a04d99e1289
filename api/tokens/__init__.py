"""Personal access tokens: made, listed and revoked on the account page; used as Bearer."""
