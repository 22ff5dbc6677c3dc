//go:build docker

package images_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/testenv/labpool"
)

// TestMain holds every slot of the machine's lab pool, which every Docker
// test binary of the run shares (internal/testenv/labpool), while this
// package's tests run: an image build's compilers and package managers
// use both cores, so a lab beside one would miss its bounds for the
// build's sake, and the carried-wheelhouse test untags real Salt's image
// while it rebuilds it. Once for the package, not once a test: a taker of
// every slot waits for the labs that hold slots to end while the free
// slots idle.
func TestMain(m *testing.M) {
	p := labpool.Machine()
	asked := time.Now()
	release, err := p.Take(context.Background(), p.Slots())
	if err != nil {
		fmt.Fprintln(os.Stderr, "images: build slots:", err)
		os.Exit(1)
	}
	got := time.Now()
	code := m.Run()
	release()
	fmt.Println("images:", labpool.Waited("build slots", asked, got))
	os.Exit(code)
}
