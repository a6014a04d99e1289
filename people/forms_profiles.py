"""The form of what a person shows publicly."""

from django import forms

from people.models import ProfileChoice


class ProfileChoiceForm(forms.ModelForm):
    class Meta:
        model = ProfileChoice
        fields = ["show_results", "show_statistics", "show_rating"]
        labels = {
            "show_results": "Show my results",
            "show_statistics": "Show my hand statistics",
            "show_rating": "Show my rating",
        }
