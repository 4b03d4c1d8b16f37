/** The baseline's only activity: returns at once, as a sandbox call with no delay nearly does. */
export const baselineActivities = () => ({
  async step(name: string): Promise<string> {
    return name;
  },
});
export type BaselineActivities = ReturnType<typeof baselineActivities>;
