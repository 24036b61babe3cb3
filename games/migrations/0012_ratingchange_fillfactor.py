"""Room on every page of ``games_ratingchange`` for a new version of each of its rows (PostgreSQL).

``recompute_ratings`` may rewrite the numbers of every rating change. Those columns are in no
index, so PostgreSQL can update a row in place on its page (a HOT update, no new entry in any of
the table's five indexes) when the page has room: one UPDATE of 4,000,000 changes took 170 s
without, 9 s with (same copy of the table, same loaded machine). Pages filled to half leave that room; the old versions are pruned from the page on a later
visit, so the room comes back for the next recompute. Existing pages get it the first time their
rows move (a new version goes to a page with room). Other databases have no such setting.
"""

from django.db import migrations

FILLFACTOR = 50


def set_fillfactor(apps, schema_editor, fillfactor: int = FILLFACTOR) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("games", "RatingChange")._meta.db_table)
    schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {int(fillfactor)})")


def reset_fillfactor(apps, schema_editor) -> None:
    set_fillfactor(apps, schema_editor, fillfactor=100)


class Migration(migrations.Migration):
    dependencies = [("games", "0011_list_indexes_and_turns")]

    operations = [migrations.RunPython(set_fillfactor, reset_fillfactor)]
