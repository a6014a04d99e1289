"""The small helpers every league view shares."""

from league.web import linked


def test_linked_makes_the_named_page_a_link_and_escapes_the_rest():
    text = linked("Fix <it>: add one on the setup page.", "setup page", "/setup/#dates")
    assert text == 'Fix &lt;it&gt;: add one on the <a href="/setup/#dates">setup page</a>.'


def test_linked_passes_over_the_phrase_inside_another_word():
    text = linked("To reschedule, open the schedule.", "schedule", "/s/")
    assert text == 'To reschedule, open the <a href="/s/">schedule</a>.'


def test_linked_without_the_phrase_only_escapes():
    assert linked("Nothing & nowhere", "setup page", "/x/") == "Nothing &amp; nowhere"
