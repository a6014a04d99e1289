"""Tables split into pages: the page an address asks for, read as the input rules read it.

django-tables2 reads `?page=` and `?per_page=` with `int()`, so "-1" rows per page (or 0)
make a paginator that can't show a page and the request fails. `table_configure` keeps the
table's sorting as asked, takes the page only when it is a plain number (the last page when
it is past the end, the first when it isn't a number) and keeps the page's own number of
rows whatever the address says.
"""

from typing import Any

from django.core.paginator import EmptyPage
from django.http import HttpRequest
from django_tables2 import RequestConfig

from inputs.bounds import typed_number


def table_configure(request: HttpRequest, table: Any, *, per_page: int) -> Any:
    """Sort `table` as the address asks and show its page of `per_page` rows."""
    RequestConfig(request, paginate=False).configure(table)
    page = typed_number(request.GET.get(table.prefixed_page_field), digits=9) or 1
    try:
        table.paginate(per_page=per_page, page=page)
    except EmptyPage:
        table.paginate(per_page=per_page, page=table.paginator.num_pages)
    return table
