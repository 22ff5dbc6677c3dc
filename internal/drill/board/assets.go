package board

import (
	_ "embed"
	"html/template"
)

// The page, its script and its style are in the binary: the board works
// without network access (no CDN, no web fonts).
var (
	//go:embed assets/board.html
	pageHTML string
	//go:embed assets/board.js
	pageJS string
	//go:embed assets/board.css
	pageCSS string

	//go:embed assets/reference.html
	referenceHTML string

	pageTemplate      = template.Must(template.New("board").Parse(pageHTML))
	referenceTemplate = template.Must(template.New("reference").Parse(referenceHTML))
)
