// Adds the jest-dom matchers (toBeInTheDocument, toHaveAttribute, ...) to the `expect` of @jest/globals.
import '@testing-library/jest-dom/jest-globals';
