package aptsource

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const deb822Fixture = `Types: deb
# a comment inside the stanza does not end it
URIs: http://mirror.example.invalid/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://security.example.invalid/debian-security
Suites: bookworm-security
Components: main
`

func TestParseDeb822(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []Entry
	}{
		{
			name: "two stanzas",
			text: deb822Fixture,
			want: []Entry{
				{Types: []string{"deb"}, URIs: []string{"http://mirror.example.invalid/debian"}, Suites: []string{"bookworm", "bookworm-updates"}, Components: []string{"main"}, Enabled: true},
				{Types: []string{"deb"}, URIs: []string{"http://security.example.invalid/debian-security"}, Suites: []string{"bookworm-security"}, Components: []string{"main"}, Enabled: true},
			},
		},
		{
			name: "continuation lines, case-insensitive keys, disabled",
			text: "types: deb deb-src\nURIs: http://a.example.invalid/d\n  http://b.example.invalid/d\nSuites:\n bookworm\nEnabled: no\n",
			want: []Entry{{Types: []string{"deb", "deb-src"}, URIs: []string{"http://a.example.invalid/d", "http://b.example.invalid/d"}, Suites: []string{"bookworm"}, Enabled: false}},
		},
		{
			name: "blank lines only",
			text: "\n\n# nothing\n\n",
			want: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseDeb822(tt.text)
			for i := range got {
				if len(got[i].Components) == 0 {
					got[i].Components = nil
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseOneLine(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []Entry
	}{
		{
			name: "plain",
			text: "deb http://m.example.invalid/debian bookworm main contrib\n",
			want: []Entry{{Types: []string{"deb"}, URIs: []string{"http://m.example.invalid/debian"}, Suites: []string{"bookworm"}, Components: []string{"main", "contrib"}, Enabled: true}},
		},
		{
			name: "options compact and spaced, comments, junk",
			text: "# header\ndeb [arch=amd64] http://a.example.invalid/d bookworm main # trailing\n" +
				"deb-src [ arch=amd64 signed-by=/k.gpg ] http://b.example.invalid/d bookworm main\n" +
				"garbage\n",
			want: []Entry{
				{Types: []string{"deb"}, URIs: []string{"http://a.example.invalid/d"}, Suites: []string{"bookworm"}, Components: []string{"main"}, Enabled: true},
				{Types: []string{"deb-src"}, URIs: []string{"http://b.example.invalid/d"}, Suites: []string{"bookworm"}, Components: []string{"main"}, Enabled: true},
			},
		},
		{
			name: "unterminated options",
			text: "deb [arch=amd64 http://a.example.invalid/d bookworm main\n",
			want: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ParseOneLine(tt.text))
		})
	}
}

func TestFind(t *testing.T) {
	entries := append(ParseOneLine("deb-src http://src.example.invalid/d bookworm main\n"), ParseDeb822(deb822Fixture)...)
	entries = append([]Entry{{Types: []string{"deb"}, URIs: []string{"http://off.example.invalid/d"}, Suites: []string{"bookworm"}}}, entries...)
	tests := []struct {
		suite  string
		want   string
		wantOK bool
	}{
		{suite: "bookworm", want: "http://mirror.example.invalid/debian", wantOK: true},
		{suite: "bookworm-updates", want: "http://mirror.example.invalid/debian", wantOK: true},
		{suite: "bookworm-security", want: "http://security.example.invalid/debian-security", wantOK: true},
		{suite: "trixie", wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.suite, func(t *testing.T) {
			got, ok := Find(entries, tt.suite)
			assert.Equal(t, tt.wantOK, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}
