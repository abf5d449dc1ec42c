// FolioCharts: see ../shared/DESIGN.md §2. Sources arrive with the issue that builds this module.
