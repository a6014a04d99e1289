"""Phone numbers, validated and normalised with Google's libphonenumber (`phonenumbers`).

Numbers are stored in E.164 (+14165550123) so the same phone written two ways is one
address. A number without its country code is read in `region` (default: the setting
PHONE_REGION, else "US").

Two entry points over one parser:
- `normalise_phone(text)` answers "" for anything that isn't a valid number (quiet reads);
- `phone_clean(text)` is for forms: "" for a blank field, else the E.164 number, or a
  `ValidationError` that says what is wrong.
"""

import phonenumbers
from django.conf import settings
from django.core.exceptions import ValidationError

DEFAULT_REGION = "US"
MAX_LENGTH = 40

EXAMPLE = "e.g. (202) 555-0143, or +44 20 7946 0958 from abroad"


def _region(region: str | None) -> str:
    return region or getattr(settings, "PHONE_REGION", "") or DEFAULT_REGION


def phone_clean(text: str, region: str | None = None) -> str:
    """The number in E.164; "" for a blank field; `ValidationError` with a reason otherwise."""
    text = (text or "").strip()
    if not text:
        return ""
    if len(text) > MAX_LENGTH:
        raise ValidationError(
            f"A phone number has at most {MAX_LENGTH} characters.", code="phone_too_long"
        )
    try:
        number = phonenumbers.parse(text, _region(region))
    except phonenumbers.NumberParseException:
        raise ValidationError(
            f"That doesn't look like a phone number: {EXAMPLE}.", code="phone_unreadable"
        ) from None
    if not phonenumbers.is_possible_number(number):
        raise ValidationError(
            f"That phone number has too few or too many digits: {EXAMPLE}.",
            code="phone_length",
        )
    if not phonenumbers.is_valid_number(number):
        raise ValidationError(
            f"That isn't a valid phone number; check the area code: {EXAMPLE}.",
            code="phone_invalid",
        )
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def normalise_phone(text: str, region: str | None = None) -> str:
    """The number in E.164, or "" when `text` is not a valid phone number."""
    try:
        return phone_clean(text, region)
    except ValidationError:
        return ""
