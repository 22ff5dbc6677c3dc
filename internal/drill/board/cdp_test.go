//go:build browser

package board

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// browser drives headless Chromium over its DevTools pipe (file
// descriptors 3 and 4, messages ending in NUL): no WebSocket library and
// no driver binary, only the chromium the report's browser test uses.
type browser struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	mu      sync.Mutex
	next    int
	waiting map[int]chan cdpReply
	session string
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

func startBrowser(t *testing.T, chromium string) *browser {
	t.Helper()
	toChrome, ours, err := os.Pipe()
	require.NoError(t, err)
	theirs, fromChrome, err := os.Pipe()
	require.NoError(t, err)
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--remote-debugging-pipe", "--no-first-run", "--user-data-dir="+t.TempDir(), "about:blank")
	cmd.ExtraFiles = []*os.File{toChrome, fromChrome} // fds 3 and 4
	require.NoError(t, cmd.Start())
	toChrome.Close()
	fromChrome.Close()
	b := &browser{cmd: cmd, in: ours, waiting: map[int]chan cdpReply{}}
	go b.read(theirs)
	t.Cleanup(func() {
		ours.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	return b
}

func (b *browser) read(r io.Reader) {
	br := bufio.NewReader(r)
	for {
		msg, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m struct {
			ID int `json:"id"`
			cdpReply
		}
		if json.Unmarshal(msg[:len(msg)-1], &m) != nil || m.ID == 0 {
			continue // an event
		}
		b.mu.Lock()
		ch := b.waiting[m.ID]
		delete(b.waiting, m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- m.cdpReply
		}
	}
}

// call sends one DevTools command (to the page's session once attached)
// and decodes its result into out.
func (b *browser) call(ctx context.Context, method string, params any, out any) error {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan cdpReply, 1)
	b.waiting[id] = ch
	msg := map[string]any{"id": id, "method": method, "params": params}
	if b.session != "" {
		msg["sessionId"] = b.session
	}
	raw, _ := json.Marshal(msg)
	_, err := b.in.Write(append(raw, 0))
	b.mu.Unlock()
	if err != nil {
		return fmt.Errorf("send %s: %w", method, err)
	}
	select {
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	case r := <-ch:
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	}
}

// open makes a page of width x height showing url and attaches to it.
func (b *browser) open(ctx context.Context, url string, width, height int) error {
	var tgt struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call(ctx, "Target.createTarget", map[string]any{"url": "about:blank"}, &tgt); err != nil {
		return err
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "Target.attachToTarget", map[string]any{"targetId": tgt.TargetID, "flatten": true}, &att); err != nil {
		return err
	}
	b.session = att.SessionID
	if err := b.call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return err
	}
	return b.call(ctx, "Page.navigate", map[string]any{"url": url}, nil)
}

// until waits, inside the page, for a JavaScript condition to hold (it
// is checked on every change of the page), or until ctx ends.
func (b *browser) until(ctx context.Context, cond string) error {
	expr := `new Promise(ok => { const f = () => { try { if (` + cond + `) { obs.disconnect(); ok(true); } } catch (e) {} };
		const obs = new MutationObserver(f); obs.observe(document, {subtree: true, childList: true, attributes: true, characterData: true}); f(); })`
	return b.call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, nil)
}

// eval returns a JavaScript expression's value.
func (b *browser) eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := b.call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r); err != nil {
		return err
	}
	if r.Exception != nil {
		return fmt.Errorf("evaluate %s: %s", expr, r.Exception.Text)
	}
	return json.Unmarshal(r.Result.Value, out)
}

// screenshot saves the whole page as a PNG.
func (b *browser) screenshot(ctx context.Context, path string) error {
	var r struct {
		Data []byte `json:"data"`
	}
	if err := b.call(ctx, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &r); err != nil {
		return err
	}
	return os.WriteFile(path, r.Data, 0o644)
}
