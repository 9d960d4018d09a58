-- A media header's example may be an uploaded file instead of a link; publishing sends its
-- bytes to Meta's Resumable Upload API for the header_handle Meta asks for.
ALTER TABLE templates
  ADD COLUMN header_example_media_id uuid REFERENCES media(id) ON DELETE SET NULL;
