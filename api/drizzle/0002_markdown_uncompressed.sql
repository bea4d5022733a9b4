-- Markdown is written once per page, read whole, and searched with ILIKE: storing it uncompressed saves
-- compressing it on every write and decompressing it on every search, for about three times the disk.
ALTER TABLE "crawl_results" ALTER COLUMN "markdown" SET STORAGE EXTERNAL;
