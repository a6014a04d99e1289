import django_filters

from tournaments.models import Tournament


class TournamentFilter(django_filters.FilterSet):
    format = django_filters.ChoiceFilter(
        choices=Tournament.Format.choices, empty_label="Any format"
    )
    status = django_filters.ChoiceFilter(
        choices=Tournament.Status.choices, empty_label="Any status"
    )

    class Meta:
        model = Tournament
        fields = ["format", "status"]
