import datetime
import email.policy
from email.headerregistry import HeaderRegistry

from django.core.mail import EmailMessage
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notices.mail import NoticeEmail, email_date, fast_policy, notice_message_id

FIXED = {"Date": "Tue, 01 Dec 2026 10:00:00 +0000", "Message-ID": "<n.1@example.com>"}
# One line of header text: anything but the characters that end a header line.
LINE = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="\x85"),
    max_size=120,
)
NAMES = st.text(st.characters(categories=("L", "N", "Zs")), max_size=40)


def _both(**kwargs) -> tuple[bytes, bytes]:
    policy = kwargs.pop("policy")
    plain = EmailMessage(**kwargs).message(policy=policy).as_bytes(policy=policy)
    fast = NoticeEmail(**kwargs).message(policy=policy).as_bytes(policy=policy)
    return plain, fast


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    subject=LINE,
    body=st.text(max_size=400),
    name=NAMES,
    local=st.from_regex(r"[a-z0-9][a-z0-9.+_-]{0,20}", fullmatch=True),
    notice=st.integers(1, 10**6),
    policy=st.sampled_from([email.policy.default, email.policy.SMTP]),
)
def test_a_notice_email_renders_the_bytes_django_would(subject, body, name, local, notice, policy):
    """Three times each, so headers parsed once and shared render the same every time."""
    to = [f"{name} <{local}@example.com>" if name.strip() else f"{local}@example.com"]
    headers = {**FIXED, "Auto-Submitted": "auto-generated", "X-Notice-Id": str(notice)}
    for _ in range(3):
        plain, fast = _both(subject=subject, body=body, to=to, headers=headers, policy=policy)
        assert fast == plain


def test_headers_written_the_same_way_are_shared_not_reparsed():
    first = NoticeEmail(subject="Snow", body="Off.", to=["a@example.com"], headers=FIXED).message()
    second = NoticeEmail(subject="Snow", body="On.", to=["b@example.com"], headers=FIXED).message()
    assert first["Subject"] is second["Subject"]
    assert first["Date"] is second["Date"]
    assert first["To"] is not second["To"]


def test_policies_other_than_the_standard_ones_are_left_as_they_are():
    assert fast_policy(email.policy.compat32) is email.policy.compat32
    own_headers = email.policy.default.clone(header_factory=HeaderRegistry())
    assert fast_policy(own_headers) is own_headers
    custom = email.policy.default.clone(max_line_length=40)
    assert fast_policy(custom) is not custom
    assert fast_policy(custom).max_line_length == 40
    assert fast_policy(custom) is fast_policy(custom)


def test_the_date_is_the_one_django_would_write(settings):
    settings.EMAIL_USE_LOCALTIME = False
    moment = datetime.datetime(2026, 12, 1, 10, 0, 0, tzinfo=datetime.UTC)
    assert email_date(moment.timestamp() + 0.7) == "Tue, 01 Dec 2026 10:00:00 +0000"


def test_the_message_id_names_the_row_and_is_the_same_at_every_attempt(settings):
    settings.DEFAULT_FROM_EMAIL = "Euchre League <league@euchre.example.com>"
    created = datetime.datetime(2026, 12, 1, 10, 0, 0, 123456, tzinfo=datetime.UTC)
    ids = {notice_message_id(notice_id=7, created_at=created, message_id=42) for _ in range(2)}
    assert ids == {"<notice.20261201100000123456.7.42@euchre.example.com>"}
    other = notice_message_id(notice_id=7, created_at=created, message_id=43)
    assert other != ids.pop()
