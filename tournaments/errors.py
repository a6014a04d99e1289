"""One exception for refused tournament actions; its text is shown to the director as is."""


class TournamentError(ValueError):
    pass
