print("folio-bench: cases arrive with their issues")
