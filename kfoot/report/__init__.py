"""`kfoot report`: every container of a binary decoded and attributed (analyze), kernel
families (families), one typed model (model), rendered as tables or Markdown (render)."""
