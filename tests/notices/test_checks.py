"""Checks of notices: the auth token that sends texts and checks replies' signatures, and
texts kept on one host's disk."""

from django.core.checks import run_checks

from notices.checks import check_texts_not_on_one_disk, check_twilio_token

TWILIO = "sms.backends.twilio.SmsBackend"


def test_texts_through_twilio_without_its_token_are_reported(settings):
    settings.SMS_BACKEND, settings.TWILIO_AUTH_TOKEN = TWILIO, ""
    assert [w.id for w in check_twilio_token(None)] == ["notices.W002"]


def test_a_token_or_another_backend_reports_nothing(settings):
    settings.SMS_BACKEND, settings.TWILIO_AUTH_TOKEN = TWILIO, "secret"
    assert check_twilio_token(None) == []
    settings.SMS_BACKEND, settings.TWILIO_AUTH_TOKEN = "sms.backends.locmem.SmsBackend", ""
    assert check_twilio_token(None) == []


FILE = "sms.backends.filebased.SmsBackend"


def test_texts_written_to_one_hosts_disk_are_reported_without_debug(settings):
    settings.DEBUG, settings.SMS_BACKEND = False, FILE
    warnings = check_texts_not_on_one_disk(None)
    assert [w.id for w in warnings] == ["notices.W003"]
    assert warnings[0].msg.startswith("Texts written to one host's disk")


def test_the_file_backend_in_debug_or_the_database_backend_reports_nothing(settings):
    settings.DEBUG, settings.SMS_BACKEND = True, FILE
    assert check_texts_not_on_one_disk(None) == []
    settings.DEBUG, settings.SMS_BACKEND = False, "notices.text_backends.DatabaseSmsBackend"
    assert check_texts_not_on_one_disk(None) == []


def test_every_start_runs_it_not_only_the_deploy_check(settings):
    settings.DEBUG, settings.SMS_BACKEND = False, FILE
    assert "notices.W003" in [w.id for w in run_checks(tags=["notices"])]
