"""What a person may type, in one place: the date window and the rules for text.

It sits at the bottom of the apps (only Django below it), so forms and services of every
part — and the activity log's filters — ask the same rules. See `inputs.bounds`.
"""
