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

func transformFileMount(data any, p tree.Path, _ bool) (any, error) {
	switch v := data.(type) {
	case map[string]any:
		return data, nil
	case string:
		return map[string]any{
			"source": v,
		}, nil
	default:
		return nil, fmt.Errorf("%s: unsupported type %T", p, data)
	}
}

func defaultSecretMount(data any, p tree.Path, _ bool) (any, error) {
	switch v := data.(type) {
	case map[string]any:
		source := v["source"]
		if _, ok := v["target"]; !ok {
			v["target"] = fmt.Sprintf("/run/secrets/%s", source)
		}
		return v, nil
	default:
		return nil, fmt.Errorf("%s: unsupported type %T", p, data)
	}
}
