"""How the app writes things down: dates and times one way, counts and names in good English.

It sits below every app (only Django beneath it), so templates, emails, texts and messages
of every part say a date, a time, a count or a team's possessive the same way:

- `wording.dates` (pure): "Tue 8 Dec" (this year) or "Tue 8 Dec 2027", "7:33 PM".
- `wording.when`: the same in the league's time zone (settings.TIME_ZONE), for a date, a
  time or a datetime; the template filters `day`, `clock` and `when` (built in, no load).
- `wording.words` (pure): "1 card" / "3 cards", "both cards" / "all 3 cards",
  "Bowers'" / "Aces'" / "Jack's", "a, b and c"; the filters `possessive` and `counted`.
- `wording.names` (pure): a typed name compared as a person reads it ("zoe o'brien" is
  "Zoë O’Brien": case, spaces, apostrophes and accents don't count), for the waiver's
  signature.

Django's own date and time formats (config/formats/en) follow the same style, so a value a
template prints without a filter reads the same way.
"""
