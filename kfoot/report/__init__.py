"""`kfoot report`: every container of a binary planned and driven (analyze), decoded (decode),
added up (accumulate) and cached per container (result_codec, result_cache); kernel families
(families); one typed model (model), rendered as tables or Markdown (render) or a page (html)."""
