/** Version of this package. */
export const VERSION: string = "0.0.0";
