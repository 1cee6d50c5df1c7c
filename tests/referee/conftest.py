HTMX = {"HTTP_HX_REQUEST": "true"}
