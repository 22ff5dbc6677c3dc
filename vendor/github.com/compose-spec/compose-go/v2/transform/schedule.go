/*
   Copyright 2020 The Compose Specification Authors.

   Licensed under the Apache License, Version 2.0 (the "License");
   you may not use this file except in compliance with the License.
   You may obtain a copy of the License at

       http://www.apache.org/licenses/LICENSE-2.0

   Unless required by applicable law or agreed to in writing, software
   distributed under the License is distributed on an "AS IS" BASIS,
   WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
   See the License for the specific language governing permissions and
   limitations under the License.
*/

package transform

import (
	"fmt"

	"github.com/compose-spec/compose-go/v2/tree"
)

// transformSchedule canonicalizes a job trigger schedule entry: a plain
// crontab expression (short syntax) becomes a schedule object declaring only
// `cron`, following the same short/long syntax model as `volumes`.
func transformSchedule(data any, p tree.Path, _ bool) (any, error) {
	switch v := data.(type) {
	case string:
		return map[string]any{
			"cron": v,
		}, nil
	case map[string]any:
		return v, nil
	default:
		return nil, fmt.Errorf("%s: invalid type %T for schedule entry", p, v)
	}
}
