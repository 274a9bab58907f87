// Kept in its own file: the Content-Security-Policy allows no inline script.
window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
