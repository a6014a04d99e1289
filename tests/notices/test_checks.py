"""Deploy checks of notices: the auth token that sends texts and checks replies' signatures."""

from notices.checks import check_twilio_token

TWILIO = "sms.backends.twilio.SmsBackend"


def test_texts_through_twilio_without_its_token_are_reported(settings):
    settings.SMS_BACKEND, settings.TWILIO_AUTH_TOKEN = TWILIO, ""
    assert [w.id for w in check_twilio_token(None)] == ["notices.W002"]


def test_a_token_or_another_backend_reports_nothing(settings):
    settings.SMS_BACKEND, settings.TWILIO_AUTH_TOKEN = TWILIO, "secret"
    assert check_twilio_token(None) == []
    settings.SMS_BACKEND, settings.TWILIO_AUTH_TOKEN = "sms.backends.locmem.SmsBackend", ""
    assert check_twilio_token(None) == []
