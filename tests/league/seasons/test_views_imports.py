import codecs
import re

import pytest
from django.core import signing
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from accounts.models import Invitation
from league.seasons.csv_decoding import MAX_BYTES
from league.seasons.models import Player, RosterEntry, Team
from league.seasons.services import waiver_sign_online
from league.seasons.views.imports import SALT
from tests.factories import TeamFactory, manager_user
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db

CSV = (
    "team,skill_level,player_name,email,phone,role\r\n"
    "Left Bowers,A,Pat O’Brien,pat@example.com,555-0101,captain\r\n"
    "Left Bowers,A,José Müller,jose@example.com,,player\r\n"
    "Les Bœufs,B,Renée “Ace” Côté,renee@example.com,,captain\r\n"
)
NAMES = ["José Müller", "Pat O’Brien", "Renée “Ace” Côté"]


@pytest.fixture
def manager(client):
    user = manager_user()
    client.force_login(user)
    return user


@pytest.fixture
def season():
    return make_season(teams_per_level=())


def _url(season, name="season_import"):
    return reverse(f"league:{name}", args=[season.league.slug, season.slug])


def _upload(client, season, raw: bytes, name="teams.csv"):
    return client.post(_url(season), {"file": SimpleUploadedFile(name, raw)})


def _token(response) -> str:
    return response.context["token"]


def _confirm(client, season, token):
    return client.post(_url(season), {"action": "confirm", "token": token})


def _imported_names(season):
    return sorted(RosterEntry.objects.filter(season=season).values_list("player__name", flat=True))


@pytest.mark.parametrize(
    "raw",
    [
        CSV.encode("cp1252"),
        CSV.encode("utf-8"),
        codecs.BOM_UTF8 + CSV.encode("utf-8"),
        CSV.encode("utf-16"),  # with its byte order mark
        codecs.BOM_UTF16_BE + CSV.encode("utf-16-be"),
    ],
    ids=["windows-1252", "utf-8", "utf-8 with a mark", "utf-16", "utf-16 big-endian"],
)
def test_every_spreadsheet_encoding_imports_the_names_as_written(client, manager, season, raw):
    preview = _upload(client, season, raw)
    assert preview.status_code == 200
    page = preview.content.decode()
    for name in ("Pat O’Brien", "José Müller", "Renée “Ace” Côté"):
        assert name in page.replace("&ldquo;", "“").replace("&rdquo;", "”")
    response = _confirm(client, season, _token(preview))
    assert response.url == _url(season, "season_dashboard")
    assert _imported_names(season) == NAMES


def test_a_player_from_an_excel_windows_1252_file_can_sign_the_waiver_online(
    client, manager, season
):
    _confirm(client, season, _token(_upload(client, season, CSV.encode("cp1252"))))
    pat = Player.objects.get(email="pat@example.com")
    assert pat.name == "Pat O’Brien"
    waiver = waiver_sign_online(
        player=pat, season=season, typed_name="pat o’brien", agreed=True, ip_address=None
    )
    assert waiver.typed_name == "pat o’brien"


def test_the_preview_writes_nothing(client, manager, season):
    response = _upload(client, season, CSV.encode("utf-8"))
    page = response.content.decode()
    assert 'id="import-preview"' in page
    assert "Nothing is saved yet" in page
    assert "read as UTF-8" in page
    assert "2 new teams" in page and "3 new players" in page
    assert not Team.objects.filter(season=season).exists()
    assert not Player.objects.filter(email="pat@example.com").exists()


def test_the_preview_marks_found_teams_and_players(client, manager, season):
    TeamFactory(season=season, name="Left Bowers", skill_level=season.skill_levels.create(name="A"))
    Player.objects.create(name="Patrick O’Brien", email="PAT@example.com")
    page = _upload(client, season, CSV.encode("utf-8")).content.decode()
    assert "1 new team and 1 found" in page
    assert "2 new players and 1 found by email" in page
    assert "the file says Pat O’Brien" in page


def test_a_file_over_the_limit_is_refused_whole_with_the_limit(client, manager, season):
    row = "Big Team,A,Player {},p{}@example.com,555-0100,player\r\n"
    body = "".join(row.format(n, n) for n in range(MAX_BYTES // 40))
    raw = ("team,skill_level,player_name,email,phone,role\r\n" + body).encode()
    assert len(raw) > MAX_BYTES
    response = _upload(client, season, raw)
    page = response.content.decode()
    assert "the limit is 2 MB" in page
    assert "token" not in response.context
    assert not Team.objects.filter(season=season).exists()


def test_a_utf8_file_cut_inside_a_character_is_refused_with_its_line(client, manager, season):
    raw = CSV.encode("utf-8")
    raw = raw[: raw.index("Côté".encode()) + 2]  # cut inside ô
    response = _upload(client, season, raw)
    assert "Line 4: the file ends in the middle of a character" in response.content.decode()
    assert not Team.objects.filter(season=season).exists()


def test_a_row_with_a_control_character_is_refused_with_its_row(client, manager, season):
    raw = CSV.encode("utf-8") + "Les Bœufs,B,Bad\u0092Name,,,\r\n".encode()
    response = _upload(client, season, raw)
    page = response.content.decode()
    assert "Row 5: the player&#x27;s name has a character that can&#x27;t be shown" in page
    assert not Team.objects.filter(season=season).exists()


def test_a_bad_import_lists_each_row_and_saves_nothing(client, manager, season):
    upload = b"team,skill_level,player_name,email\nT1,A,Ann,ann@x.com\nT1,A,,\n"
    response = _upload(client, season, upload)
    assert response.status_code == 200
    assert b"Row 3: the player&#x27;s name is missing." in response.content
    assert not Team.objects.filter(season=season).exists()
    preview = _upload(client, season, b"team,player_name\nT1,Ann\nT1,Bob\n")
    response = _confirm(client, season, _token(preview))
    assert response.url == _url(season, "season_dashboard")
    assert Team.objects.get(season=season).roster.count() == 2


def test_the_confirmation_leads_on_to_sending_every_invitation(client, manager, season):
    preview = _upload(client, season, CSV.encode("utf-8"))
    page = client.post(
        _url(season), {"action": "confirm", "token": _token(preview)}, follow=True
    ).content.decode()
    assert "Imported 2 new teams and 3 roster places" in page
    assert "send every invitation at once" in page
    client.post(_url(season, "season_invitations"), {"action": "send_all"})
    invited = Invitation.objects.filter(email__in=["pat@example.com", "renee@example.com"])
    assert invited.count() == 2


@pytest.mark.parametrize(
    "tamper",
    [
        lambda token: token[:-2] + ("AA" if not token.endswith("AA") else "BB"),
        lambda token: signing.dumps({"season": 0, "user": 0, "digest": "x"}, salt="other"),
        lambda token: "",
    ],
    ids=["altered", "signed elsewhere", "missing"],
)
def test_a_tampered_confirmation_writes_nothing(client, manager, season, tamper):
    preview = _upload(client, season, CSV.encode("utf-8"))
    response = _confirm(client, season, tamper(_token(preview)))
    assert response.url == _url(season)
    assert not Team.objects.filter(season=season).exists()
    page = client.get(_url(season)).content.decode()
    assert "upload the file again" in page


def test_a_preview_of_one_season_does_not_confirm_another(client, manager, season):
    other = make_season(teams_per_level=())
    token = _token(_upload(client, season, CSV.encode("utf-8")))
    _upload(client, other, CSV.encode("utf-8"))
    response = _confirm(client, other, token)
    assert response.url == _url(other)
    assert not Team.objects.filter(season__in=[season, other]).exists()


def test_a_digest_changed_inside_a_validly_signed_token_writes_nothing(client, manager, season):
    preview = _upload(client, season, CSV.encode("utf-8"))
    forged = signing.loads(_token(preview), salt=SALT)
    forged["digest"] = "0" * 64
    response = _confirm(client, season, signing.dumps(forged, salt=SALT))
    assert response.status_code == 200  # the fresh preview, with a message
    assert "changed since the preview" in response.content.decode()
    assert not Team.objects.filter(season=season).exists()


def test_when_the_season_changed_since_the_preview_the_new_preview_is_shown(
    client, manager, season
):
    token = _token(_upload(client, season, CSV.encode("utf-8")))
    level = season.skill_levels.create(name="B")
    Team.objects.create(season=season, name="Les Bœufs", skill_level=level)
    response = _confirm(client, season, token)
    page = response.content.decode()
    assert "changed since the preview" in page
    assert "1 new team and 1 found" in page
    assert list(Team.objects.filter(season=season).values_list("name", flat=True)) == ["Les Bœufs"]
    _confirm(client, season, _token(response))
    assert _imported_names(season) == NAMES


def test_a_second_upload_replaces_the_first_preview(client, manager, season):
    first = _token(_upload(client, season, CSV.encode("utf-8")))
    _upload(client, season, b"team,player_name\nOther,Zed\n")
    response = _confirm(client, season, first)
    assert "changed since the preview" in response.content.decode()
    assert not Team.objects.filter(season=season).exists()


def test_a_post_without_a_file_shows_the_form_again(client, manager, season):
    assert client.post(_url(season), {}).status_code == 200
    assert client.post(_url(season), {"action": "confirm"}).status_code == 302


def test_rows_pasted_from_a_spreadsheet_are_previewed_and_imported(client, manager, season):
    pasted = CSV.replace(",", "\t")  # what a spreadsheet's copy gives
    preview = client.post(_url(season), {"pasted": pasted})
    page = preview.content.decode()
    summary = re.search(r'<p id="import-summary">(.*?)</p>', page, re.S).group(1)
    assert re.search(r"<strong>The pasted list</strong> has \d+ rows to import", summary)
    assert "pasted rows" not in page and "read as" not in page
    assert "2 new teams" in page
    _confirm(client, season, _token(preview))
    assert _imported_names(season) == NAMES


@pytest.mark.parametrize(
    ("data", "message"),
    [({}, "Choose a CSV file or paste the rows."), ({"pasted": "  \n"}, "Choose a CSV file")],
)
def test_nothing_to_import_says_what_to_give(client, manager, season, data, message):
    page = client.post(_url(season), data).content.decode()
    assert message in page
    assert not Team.objects.filter(season=season).exists()


def test_a_file_and_pasted_rows_at_once_are_refused(client, manager, season):
    upload = SimpleUploadedFile("teams.csv", CSV.encode())
    page = client.post(_url(season), {"file": upload, "pasted": CSV}).content.decode()
    assert "Upload a CSV file or paste the rows (one of the two)." in page
    assert not Team.objects.filter(season=season).exists()


def test_re_importing_rows_without_emails_says_they_were_found_by_name(client, manager, season):
    text = "team,skill_level,player_name,email,phone,role\nLeft Bowers,A,Pat,,,captain\n"
    _confirm(client, season, _token(client.post(_url(season), {"pasted": text})))
    preview = client.post(_url(season), {"pasted": text.replace("Pat", "pat ")})
    page = preview.content.decode()
    assert "0 new players and 0 found by email and 1 found by name" not in page
    assert "0 new players, 0 found by email and 1 found by name" in page
    assert "found by name</span>" in page and 'id="import-by-name"' in page
    done = _confirm(client, season, _token(preview))
    page = client.get(done.url).content.decode()
    assert "Nothing changed: the row was already on its team; 1 player found by name." in page
    invitations = _url(season, "season_invitations")
    assert f'from the <a href="{invitations}">Invitations page</a>' in page
    assert Player.objects.filter(name="Pat").count() == 1


def test_the_import_message_counts_in_good_english(client, manager, season):
    text = "team,skill_level,player_name,email,phone,role\nLeft Bowers,A,Pat,,,captain\n"
    done = _confirm(client, season, _token(client.post(_url(season), {"pasted": text})))
    page = client.get(done.url).content.decode()
    assert "Imported 1 new team and 1 roster place." in page
