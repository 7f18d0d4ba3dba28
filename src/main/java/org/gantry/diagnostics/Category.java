package org.gantry.diagnostics;

/** Whose failure it is, in the catalogue's terms: what the user can fix, or what the cluster must. */
public enum Category { USER, PLATFORM, HARDWARE, DEPENDENCY, DATA, RESOURCE }
