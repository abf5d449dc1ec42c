// FolioStore: SQLite schema, migrations, importers, queries.
