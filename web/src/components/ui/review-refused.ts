/**
 * Thrown by a ReviewPinForm's `onReview` when the form's own checks refuse the input; its message is
 * shown like the server's refusals (an ApiError), whereas any other error shows the generic text.
 * Apart from the component so that the component file exports components only (fast refresh).
 */
export class ReviewRefused extends Error {}
