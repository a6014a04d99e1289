"""The league's side of notices: who hears about what, announcements, subscriptions.

The `notices` app delivers whatever it is given and never imports the league. This
package answers the league's questions: the recipients of a notice (a season's or
some teams' captains, a league's subscribers, players who haven't signed the
waiver), the public announcements page and Atom feed, players' subscriptions, a
manager's general notice, and the daily waiver reminders. The models it reads and
writes (`Announcement`, `Subscription`) stay in `notices` (their tables don't move).
"""
