package ftrace

// Step is one step of an alignment of two sequences A and B: an element
// of both (A and B >= 0), of A only (B = -1) or of B only (A = -1).
type Step struct{ A, B int }

// Align aligns sequences of lengths n and m by a longest common
// subsequence under same(i, j) (element i of A against j of B), for short
// readable differences. It takes O(n*m) time and space.
func Align(n, m int, same func(i, j int) bool) []Step {
	// lcs[i][j]: longest common subsequence of A[i:] and B[j:]
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if same(i, j) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var steps []Step
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && same(i, j):
			steps = append(steps, Step{i, j})
			i, j = i+1, j+1
		case j == m || i < n && lcs[i+1][j] >= lcs[i][j+1]:
			steps = append(steps, Step{i, -1})
			i++
		default:
			steps = append(steps, Step{-1, j})
			j++
		}
	}
	return steps
}

// Differs reports whether an alignment has a step of one side only.
func Differs(steps []Step) bool {
	for _, s := range steps {
		if s.A < 0 || s.B < 0 {
			return true
		}
	}
	return false
}
