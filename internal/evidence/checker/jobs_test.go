package checker

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJobsLostAndTwice: each job published in the window, with the
// returns its master's bus got from each targeted minion: none is lost,
// two or more is returned twice. The CLI's find_job follow-ups are no
// jobs; a job whose master's bus was not recorded long enough after it,
// or published too near the history's end, is not judged.
func TestJobsLostAndTwice(t *testing.T) {
	var b hist
	b.watch(0, "m1", "start")
	b.watch(0, "m2", "start")
	newJob := func(at float64, master, jid, fun string) int64 {
		return b.ev(s(at), master, "salt/job/"+jid+"/new", fmt.Sprintf(`{"jid":%q,"fun":%q,"minions":["a","b"]}`, jid, fun))
	}
	ret := func(at float64, master, jid, minion string) int64 {
		return b.ev(s(at), master, "salt/job/"+jid+"/ret/"+minion, `{"return":true}`)
	}
	newJob(0.5, "m1", "1", "test.ping") // before the window
	newJob(2, "m1", "2", "test.ping")
	ret(2.1, "m1", "2", "a")
	twiceB := ret(2.2, "m1", "2", "b")
	ret(2.3, "m1", "2", "b")
	newJob(3, "m1", "3", "test.ping")
	ret(3.1, "m1", "3", "a")
	ret(3.2, "m2", "3", "b") // on a master that never published it: no return of m1's job
	newJob(4, "m1", "4", "saltutil.find_job")
	b.watch(s(5), "m2", "end")
	newJob(4.5, "m2", "5", "test.ping") // m2's bus ends half a second later
	newJob(20, "m1", "6", "test.ping")  // 10 s before the history ends
	b.ev(s(30), "m1", "salt/auth", `{}`)

	jobs := Jobs(b.h, t0.Add(s(1)), t0.Add(s(25)), s(15))
	var got []string
	for _, j := range jobs {
		got = append(got, fmt.Sprintf("%s@%s lost %v twice %v judged %v", j.JID, j.Master, j.Lost(), j.Twice(), j.Judged))
	}
	assert.Equal(t, []string{
		"2@m1 lost [] twice [b] judged true",
		"3@m1 lost [b] twice [] judged true",
		"5@m2 lost [a b] twice [] judged false",
		"6@m1 lost [a b] twice [] judged false",
	}, got)
	require.Len(t, jobs, 4)
	assert.Contains(t, jobs[0].Evidence["b"], twiceB, "the returns are the evidence")
	assert.Equal(t, "test.ping", jobs[0].Fun)
}
