"""The ODS importer (utils/import-ods.py), split along its sections."""
